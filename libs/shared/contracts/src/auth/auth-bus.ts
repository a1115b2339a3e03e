import type { SessionClient } from './account-security';
import type { ChangePasswordPayload, LoginPayload } from './auth-payloads';
import type { AuthUser } from './auth-user';

/**
 * Bus-only auth types: the gateway owns the cookie, so the raw refresh token travels between the gateway and the
 * auth service in these messages and never in an HTTP body.
 */
export type LoginRequest = LoginPayload & SessionClient;

export interface RefreshRequest extends SessionClient {
  refreshToken: string;
}

/** Logout works without a session too: the token is whatever the cookie held, if anything. */
export interface LogoutRequest {
  refreshToken?: string;
}

/** The user comes from the envelope; the current refresh token tells whether the new session stays persistent. */
export interface ChangePasswordRequest extends ChangePasswordPayload {
  refreshToken?: string;
}

/** A new session: what the browser gets in the body (access token, user) plus what the gateway puts in the cookie. */
export interface SessionGrant {
  accessToken: string;
  user: AuthUser;
  refreshToken: string;
  /** true: a cookie that survives the browser (Max-Age); false: a browser-session cookie. */
  persistent: boolean;
  /** ISO time after which the server no longer accepts the refresh token. */
  refreshExpiresAt: string;
}

/** The claims of an access token; `typ` keeps any other signed token from passing as an access token. */
export interface AccessTokenClaims {
  sub: string;
  typ: typeof ACCESS_TOKEN_TYPE;
}

export const ACCESS_TOKEN_TYPE = 'access';
export const ACCESS_TOKEN_ALGORITHM = 'ES256';
export const DEFAULT_JWT_ISSUER = 'memories-auth';
export const DEFAULT_JWT_AUDIENCE = 'memories-api';
