import type { AuthUser } from '@memories/contracts';
import { initialSessionState, type SessionState } from './session-state';
import type { SessionStore } from './session-store';

/**
 * For a page's unit tests: a session store already settled, signed in as `user` or (null) signed out. The page only
 * reads it; signing in or out through it fails the test.
 */
export function settledSessionStore(user: AuthUser | null): SessionStore {
  const state: SessionState = {
    ...initialSessionState,
    isLoading: false,
    isInitialized: true,
    isAuthenticated: user !== null,
    accessToken: user ? 'token' : null,
    user,
  };
  const unused = () => Promise.reject(new Error('a settled session store does not sign in or out'));
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    initialize: () => Promise.resolve(),
    login: unused,
    completeTwoFactorLogin: unused,
    loginWithPasskey: unused,
    logout: unused,
    refresh: () => Promise.resolve(user !== null),
    updateProfile: unused,
    setLoginNavigation: () => undefined,
  };
}
