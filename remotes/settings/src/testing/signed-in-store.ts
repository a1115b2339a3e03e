import type { AuthUser } from '@memories/contracts';
import type { SessionStore } from '@memories/web-session';
import { settledSessionStore } from '@memories/web-session/testing';

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
  return settledSessionStore(user);
}
