import type { PageRequest } from '../memories/memory-payloads';

/** What an account may do on its instance: an admin also decides who gets in and manages accounts. */
export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * Who may create an account: anyone (`open`), or only with an invite (`invite`: the sign-up page asks for one;
 * `closed`: the page says sign-up is closed). An invite works in every mode.
 */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

/** `GET` and `PUT /api/admin/settings`. */
export interface InstanceSettings {
  signupMode: SignupMode;
}

/** `GET /api/auth/sign-up` (public): whether the sign-up form can work without an invite. */
export interface SignUpState {
  signupMode: SignupMode;
}

export const DEFAULT_INVITE_DAYS = 7;
export const MAX_INVITE_DAYS = 90;

/** `POST /api/admin/invites`. */
export interface CreateInvitePayload {
  /** Only this address may use the invite, and it counts as verified (the invite reached it). */
  email?: string;
  expiresInDays?: number;
}

/** A pending invite as the admin screen lists it (the link itself is shown only when it is made). */
export interface InviteSummary {
  id: string;
  email: string | null;
  createdAt: string;
  expiresAt: string;
}

/** `POST /api/admin/invites` answers the link once: only its hash is stored. */
export interface CreatedInvite extends InviteSummary {
  /** The sign-up page with the token in its fragment (never sent to a server, never in an access log). */
  url: string;
  token: string;
  /** Whether it was also e-mailed (an invite naming an address, with SMTP configured). */
  mailed: boolean;
}

/** `POST /api/auth/sign-up/invite` (public): what the sign-up page needs to know of an invite before the form. */
export interface InviteCheckPayload {
  inviteToken: string;
}

export interface InviteCheck {
  email: string | null;
  expiresAt: string;
}

/** `GET /api/admin/users`: a page of accounts, optionally those whose name or e-mail contains `q`. */
export interface AdminUserQuery extends PageRequest {
  q?: string;
}

/** One account in the admin's users table. */
export interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabled: boolean;
  emailVerified: boolean;
  createdAt: string;
  /** The last time one of its sessions was used (sign-in or refresh); null if it never signed in. */
  lastActiveAt: string | null;
  memoryCount: number;
  storageBytes: number;
  /** The quota that applies (its own, else STORAGE_QUOTA_MB); null: no quota. */
  storageQuotaMb: number | null;
}

/** `PATCH /api/admin/users/{id}`: only what is given changes. */
export interface AdminUserUpdate {
  disabled?: boolean;
  role?: UserRole;
  /** null: no quota for this account. */
  storageQuotaMb?: number | null;
  /** An admin vouches for the address (without mail, the only way besides an invite naming it). */
  emailVerified?: true;
}

export const MAX_USER_SEARCH_LENGTH = 320;
export const MAX_STORAGE_QUOTA_MB = 10_000_000;
