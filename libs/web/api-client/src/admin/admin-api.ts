import type {
  AdminUser,
  AdminUserQuery,
  AdminUserUpdate,
  CreateInvitePayload,
  CreatedInvite,
  InstanceSettings,
  InviteSummary,
  Pagination,
  SignupMode,
} from '@memories/contracts';
import type { ApiClient, ApiRequestOptions } from '../api-client';
import type { WithMessage } from '../account-security/account-security-api';

/** What a caller may add to an administration call. */
export type AdminCallOptions = Pick<ApiRequestOptions, 'signal'>;

/** Shown when the server gives no message of its own. */
export const ADMIN_FALLBACK_MESSAGES = {
  users: 'Could not load the accounts',
  updateUser: 'Could not change this account',
  settings: 'Could not load the sign-up settings',
  updateSettings: 'Could not change the sign-up mode',
  invites: 'Could not load the invites',
  createInvite: 'Could not create the invite',
  revokeInvite: 'Could not revoke the invite',
} as const;

/** A page of the users table. */
export interface AdminUserPage {
  users: AdminUser[];
  pagination: Pagination;
}

/** Instance administration (the settings' Users and Sign-up pages, for admins). */
export interface AdminApi {
  users(query: AdminUserQuery, options?: AdminCallOptions): Promise<AdminUserPage>;
  updateUser(id: string, changes: AdminUserUpdate, options?: AdminCallOptions): Promise<WithMessage<AdminUser>>;
  settings(options?: AdminCallOptions): Promise<InstanceSettings>;
  updateSettings(signupMode: SignupMode, options?: AdminCallOptions): Promise<WithMessage<InstanceSettings>>;
  invites(options?: AdminCallOptions): Promise<InviteSummary[]>;
  createInvite(payload: CreateInvitePayload, options?: AdminCallOptions): Promise<WithMessage<CreatedInvite>>;
  revokeInvite(id: string, options?: AdminCallOptions): Promise<WithMessage<null>>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createAdminApi(client: ApiClient): AdminApi {
  const fallback = ADMIN_FALLBACK_MESSAGES;
  return {
    users: async (query, options) => {
      const answer = await client.get<AdminUser[]>('/admin/users', {
        ...options,
        query: { ...query },
        fallbackMessage: fallback.users,
      });
      return { users: answer.data, pagination: answer.pagination as Pagination };
    },
    updateUser: async (id, changes, options) =>
      withMessage(
        await client.request<AdminUser>('PATCH', `/admin/users/${encodeURIComponent(id)}`, {
          ...options,
          body: changes,
          fallbackMessage: fallback.updateUser,
        }),
      ),
    settings: async (options) =>
      (await client.get<InstanceSettings>('/admin/settings', { ...options, fallbackMessage: fallback.settings })).data,
    updateSettings: async (signupMode, options) =>
      withMessage(
        await client.put<InstanceSettings>(
          '/admin/settings',
          { signupMode },
          { ...options, fallbackMessage: fallback.updateSettings },
        ),
      ),
    invites: async (options) =>
      (await client.get<InviteSummary[]>('/admin/invites', { ...options, fallbackMessage: fallback.invites })).data,
    createInvite: async (payload, options) =>
      withMessage(
        await client.post<CreatedInvite>('/admin/invites', payload, {
          ...options,
          fallbackMessage: fallback.createInvite,
        }),
      ),
    revokeInvite: async (id, options) =>
      withMessage(
        await client.request<null>('DELETE', `/admin/invites/${encodeURIComponent(id)}`, {
          ...options,
          fallbackMessage: fallback.revokeInvite,
        }),
      ),
  };
}
