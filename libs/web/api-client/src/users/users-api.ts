import type { AuthUser, UserSummary } from '@memories/contracts';
import type { ApiClient, ApiRequestOptions } from '../api-client';

/** What a caller may add to a users call. */
export type UserCallOptions = Pick<ApiRequestOptions, 'signal'>;

/**
 * The fallbacks of the users calls: shown when a call fails and the server gives no message. The spec names none;
 * each text lives here once.
 */
export const USER_FALLBACK_MESSAGES = {
  findByEmail: 'Could not look up that e-mail address',
  get: 'Failed to fetch user',
  deleteAccount: 'Failed to delete account',
} as const;

/**
 * Spec section 7, "Users" (decided in docs/decisions.md, "Accounts and sharing"). Failures reject with an `ApiError`.
 */
export interface UsersApi {
  /** The user with exactly this e-mail address, or null: the share dialog's look-up. */
  findByEmail(email: string, options?: UserCallOptions): Promise<UserSummary | null>;
  /** Yourself, or someone you share with or who shares with you. */
  get(id: string, options?: UserCallOptions): Promise<AuthUser | UserSummary>;
  /** Deletes your own account with everything in it; answers the server's message. */
  deleteAccount(id: string, password: string, options?: UserCallOptions): Promise<string | undefined>;
}

const path = (id: string) => `/users/${encodeURIComponent(id)}`;

export function createUsersApi(client: ApiClient): UsersApi {
  const fallback = USER_FALLBACK_MESSAGES;
  return {
    findByEmail: async (email, options) =>
      (
        await client.get<UserSummary[]>('/users', {
          ...options,
          query: { email },
          fallbackMessage: fallback.findByEmail,
        })
      ).data[0] ?? null,
    get: async (id, options) =>
      (await client.get<AuthUser | UserSummary>(path(id), { ...options, fallbackMessage: fallback.get })).data,
    deleteAccount: async (id, password, options) =>
      (
        await client.request<null>('DELETE', path(id), {
          ...options,
          body: { password },
          fallbackMessage: fallback.deleteAccount,
        })
      ).message,
  };
}
