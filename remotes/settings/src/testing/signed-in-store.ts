import type { AuthUser } from '@memories/contracts';
import { initialSessionState, type SessionState, type SessionStore } from '@memories/web-session';

export const testUser: AuthUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member',
};

/** A session already signed in as `user`; the settings never sign in or out themselves. */
export function signedInStore(user: AuthUser = testUser): SessionStore {
  const state: SessionState = {
    ...initialSessionState,
    isLoading: false,
    isInitialized: true,
    isAuthenticated: true,
    accessToken: 't',
    user,
  };
  const unused = () => Promise.reject(new Error('not used by the settings'));
  return {
    getState: () => state,
    subscribe: () => () => undefined,
    initialize: () => Promise.resolve(),
    login: unused,
    completeTwoFactorLogin: unused,
    loginWithPasskey: unused,
    logout: unused,
    refresh: () => Promise.resolve(true),
    updateProfile: unused,
    setLoginNavigation: () => undefined,
  };
}
