export { createSessionStore } from './session-store';
export type { SessionStore, SessionStoreOptions } from './session-store';
export { sessionStore } from './default-session-store';
export { initialSessionState, sessionStatus } from './session-state';
export type { SessionGrant, SessionState, SessionStatus, SessionUser } from './session-state';
export { SessionProvider } from './SessionProvider';
export type { SessionProviderProps } from './SessionProvider';
export { useSession } from './useSession';
export type { SessionView } from './useSession';
