import { useEffect, type ReactNode } from 'react';
import { sessionStore } from './default-session-store';
import type { SessionStore } from './session-store';
import { SessionStoreContext } from './session-store-context';

export interface SessionProviderProps {
  children: ReactNode;
  /** Tests may pass their own store; the app uses the page's one session. */
  store?: SessionStore;
}

/** Starts the session once when the app mounts and hands the store to everything below it. */
export function SessionProvider({ children, store = sessionStore }: SessionProviderProps) {
  useEffect(() => {
    void store.initialize();
  }, [store]);
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}
