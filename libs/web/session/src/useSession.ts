import { useContext, useSyncExternalStore } from 'react';
import { sessionStatus, type SessionState, type SessionStatus } from './session-state';
import type { SessionStore } from './session-store';
import { SessionStoreContext } from './session-store-context';

export interface SessionView extends SessionState {
  status: SessionStatus;
  logout: SessionStore['logout'];
}

/** The current session, re-rendering on every change. */
export function useSession(): SessionView {
  const store = useContext(SessionStoreContext);
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, status: sessionStatus(state), logout: store.logout };
}
