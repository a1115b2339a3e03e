import type { AuthUser } from './auth-user';

/** POST /auth/register (spec section 3 "Registration payload"): name is first and last name joined by a space. */
export interface RegistrationPayload {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  phoneNumber?: string;
  /** The token of an invite: needed unless sign-up is open; one naming an address counts as its verification. */
  inviteToken?: string;
}

/** POST /auth/login. `rememberMe` chooses a persistent refresh cookie over a browser-session one. */
export interface LoginPayload {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** What login and refresh answer in `data`; the refresh token travels only in its HttpOnly cookie. */
export interface AuthSession {
  accessToken: string;
  user: AuthUser;
}

/** PUT /auth/profile: the fields a user may change about themselves. */
export interface ProfileUpdatePayload {
  name?: string;
  phoneNumber?: string | null;
  profileImageUrl?: string | null;
}

/** PUT /auth/change-password (body not shown in the spec; decided in docs/decisions.md). */
export interface ChangePasswordPayload {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** POST /auth/forgot-password and POST /auth/resend-verification. */
export interface EmailPayload {
  email: string;
}

/** POST /auth/reset-password (body not shown in the spec; decided in docs/decisions.md). */
export interface ResetPasswordPayload {
  token: string;
  newPassword: string;
  confirmPassword: string;
  /** Also remove every passkey of the account (one may be in the hands of whoever made the reset necessary). */
  removePasskeys?: boolean;
}

/** POST /auth/verify-email. */
export interface TokenPayload {
  token: string;
}
