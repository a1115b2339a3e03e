import type { SubjectPattern } from '../bus/subjects';
import type { Pagination } from '../api/api-response';
import type { UserLookupRequest, UserLookupResult } from '../memories/user-lookup.types';
import type {
  AdminUser,
  AdminUserQuery,
  AdminUserUpdate,
  CreateInvitePayload,
  CreatedInvite,
  InstanceSettings,
  InviteCheck,
  InviteCheckPayload,
  InviteSummary,
  SignUpState,
  UserRole,
} from './instance-admin';

/**
 * The auth service's instance administration. The `admin` subjects act for the envelope's user, whom the auth
 * service checks again is an admin; the others answer anyone the gateway lets through.
 */
export const ADMIN_SUBJECTS = {
  getSettings: 'auth.settings.get',
  updateSettings: 'auth.settings.update',
  createInvite: 'auth.invites.create',
  listInvites: 'auth.invites.list',
  revokeInvite: 'auth.invites.revoke',
  listAccounts: 'auth.accounts.list',
  updateAccount: 'auth.accounts.update',
  /** Public: the sign-up mode, for the sign-up page and the landing page. */
  signUpState: 'auth.sign-up.state',
  /** Public: whether an invite can be used, and for which address. */
  checkInvite: 'auth.invites.check',
  /** The gateway and the upload service: may this account use its tokens, and with which role. */
  accountStatus: 'auth.accounts.status',
  /** The gateway (sharing) and the upload service (restored shares): who among these may receive shares. */
  shareRecipients: 'auth.users.recipients',
} as const satisfies Record<string, SubjectPattern>;

/** What the auth service knows of an account for the admin's table (the gateway adds counts and storage). */
export type AccountSummary = Omit<AdminUser, 'memoryCount' | 'storageBytes' | 'storageQuotaMb'>;

export interface AccountPage {
  items: AccountSummary[];
  pagination: Pagination;
}

export interface AccountUpdatePayload extends Omit<AdminUserUpdate, 'storageQuotaMb'> {
  id: string;
}

export interface AccountStatusPayload {
  userId: string;
}

/** `active` is false for a disabled account. */
export interface AccountStatus {
  active: boolean;
  role: UserRole;
}

export interface InviteIdPayload {
  id: string;
}

/** Payload and result of every administration subject (merged into `BusRequestMap`). */
export interface AdminBusRequestMap {
  [ADMIN_SUBJECTS.getSettings]: { payload: Record<string, never>; result: InstanceSettings };
  [ADMIN_SUBJECTS.updateSettings]: { payload: InstanceSettings; result: InstanceSettings };
  [ADMIN_SUBJECTS.createInvite]: { payload: CreateInvitePayload; result: CreatedInvite };
  [ADMIN_SUBJECTS.listInvites]: { payload: Record<string, never>; result: InviteSummary[] };
  [ADMIN_SUBJECTS.revokeInvite]: { payload: InviteIdPayload; result: { revoked: true } };
  [ADMIN_SUBJECTS.listAccounts]: { payload: AdminUserQuery; result: AccountPage };
  [ADMIN_SUBJECTS.updateAccount]: { payload: AccountUpdatePayload; result: AccountSummary };
  [ADMIN_SUBJECTS.signUpState]: { payload: Record<string, never>; result: SignUpState };
  [ADMIN_SUBJECTS.checkInvite]: { payload: InviteCheckPayload; result: InviteCheck };
  [ADMIN_SUBJECTS.accountStatus]: { payload: AccountStatusPayload; result: AccountStatus };
  [ADMIN_SUBJECTS.shareRecipients]: { payload: UserLookupRequest; result: UserLookupResult };
}
