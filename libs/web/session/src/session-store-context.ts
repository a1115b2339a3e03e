import { createContext } from 'react';
import { sessionStore } from './default-session-store';
import type { SessionStore } from './session-store';

/** Defaults to the page's one session, so a remote rendered without a provider still reads the shared session. */
export const SessionStoreContext = createContext<SessionStore>(sessionStore);
