import type { AuthUser } from '@memories/contracts';

/** The signed-in user as the auth endpoints return it (spec section 3). */
export type SessionUser = AuthUser;

/** Authentication states of spec section 4. */
export type SessionStatus = 'initializing' | 'authenticated' | 'unauthenticated';

/** Client-held session data (spec section 3). The access token lives in memory only, never in storage. */
export interface SessionState {
  accessToken: string | null;
  user: SessionUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  isInitialized: boolean;
  isRefreshing: boolean;
  /** Epoch milliseconds of the last successful refresh. */
  lastRefreshAt: number | null;
  /** Epoch milliseconds of the last refresh attempt, successful or not. */
  lastRefreshAttemptAt: number | null;
  /**
   * Opened without the network, as the user this device last had signed in (their kept profile): no token until
   * the connection returns and a refresh succeeds. Pages show what this device kept of them.
   */
  isOffline: boolean;
}

export const initialSessionState: SessionState = {
  accessToken: null,
  user: null,
  isAuthenticated: false,
  isLoading: true,
  isInitialized: false,
  isRefreshing: false,
  lastRefreshAt: null,
  lastRefreshAttemptAt: null,
  isOffline: false,
};

export function sessionStatus(state: SessionState): SessionStatus {
  if (!state.isInitialized || state.isLoading) return 'initializing';
  return state.isAuthenticated ? 'authenticated' : 'unauthenticated';
}
