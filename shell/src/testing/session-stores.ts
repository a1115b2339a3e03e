import type { AuthUser } from '@memories/contracts';
import { ApiError, type AuthApi } from '@memories/web-api-client';
import { createSessionStore, type SessionStore } from '@memories/web-session';

type RefreshAnswer = 'pending' | 'signed-out' | 'signed-in';

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

const notCalled = (name: string) => () => Promise.reject(new Error(`${name} was not expected in this test`));

/**
 * A real session store whose start-up refresh answers as a test needs (the server side is not under test here).
 * `auth` replaces single calls, e.g. a login that fails.
 */
export function sessionStoreAfterRefresh(answer: RefreshAnswer, auth: Partial<SessionAuth> = {}): SessionStore {
  return createSessionStore({
    auth: {
      refresh: async () => {
        if (answer === 'pending') return new Promise<never>(() => undefined);
        if (answer === 'signed-out') throw new ApiError({ kind: 'http', status: 401, message: 'Unauthorized' });
        return { accessToken: 'jwt', user: testUser };
      },
      login: notCalled('login'),
      loginWithTwoFactor: notCalled('loginWithTwoFactor'),
      loginWithPasskey: notCalled('loginWithPasskey'),
      logout: async () => null,
      getProfile: notCalled('getProfile'),
      updateProfile: notCalled('updateProfile'),
      ...auth,
    },
  });
}

export type SessionAuth = Pick<
  AuthApi,
  'login' | 'loginWithTwoFactor' | 'loginWithPasskey' | 'logout' | 'refresh' | 'getProfile' | 'updateProfile'
>;
