import type { AuthSession } from './auth-payloads';
import type { SessionGrant } from './auth-bus';

/**
 * Account security: signed-in sessions, two-factor sign-in (TOTP and recovery codes) and passkeys (WebAuthn).
 * HTTP bodies and answers first, then what only travels on the bus.
 */

/** Digits of a TOTP code, and how many single-use recovery codes an account gets at a time. */
export const TOTP_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Longest passkey name a user may give. */
export const MAX_PASSKEY_NAME_LENGTH = 100;
/** Longest User-Agent kept for the sessions list; the gateway cuts longer ones. */
export const MAX_USER_AGENT_LENGTH = 512;

/** A signed-in device: one refresh-token family (docs/decisions.md, "Account security"). */
export interface AccountSession {
  id: string;
  /** A readable name of the browser, e.g. "Chrome on Linux" ("Unknown browser" when it did not say). */
  browser: string;
  createdAt: string;
  /** The last time this device renewed its access token (sign-in or refresh). */
  lastUsedAt: string;
  /** The session of the device that asked. */
  current: boolean;
}

/** What the first login step answers when the account has two-factor sign-in on: no session yet. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  /** A short-lived signed token that only the second step accepts. */
  challengeToken: string;
  expiresAt: string;
}

/** POST /auth/login answers a session, or a challenge for the second step. */
export type LoginAnswer = AuthSession | TwoFactorChallenge;

/** POST /auth/login/two-factor: the challenge of the first step and a TOTP code or a recovery code. */
export interface TwoFactorLoginPayload {
  challengeToken: string;
  code: string;
}

/** GET /auth/two-factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Unused recovery codes (0 while two-factor sign-in is off). */
  recoveryCodesLeft: number;
}

/** POST /auth/two-factor/setup: a new secret to scan; nothing changes until a first code confirms it. */
export interface TwoFactorSetup {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as a QR code image (an SVG data URL). */
  qrCodeDataUrl: string;
}

/** POST /auth/two-factor/enable. */
export interface TwoFactorCodePayload {
  code: string;
}

/** Shown once, when two-factor sign-in is turned on or the codes are replaced. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** The account password, asked again before turning protection off (disable 2FA, new codes, last passkey). */
export interface PasswordConfirmationPayload {
  password: string;
}

/** A WebAuthn JSON object as `@simplewebauthn` reads and writes it (options, or an authenticator's response). */
export type WebAuthnJson = object;

/** A passkey of the account. */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Options for `navigator.credentials.create/get`, tied to a single-use server-side challenge. */
export interface PasskeyCeremonyOptions {
  challengeId: string;
  options: WebAuthnJson;
  /** The only origin passkeys work at (the app's PUBLIC_URL): a page elsewhere says so instead of failing. */
  origin: string;
}

/** POST /auth/passkeys: the authenticator's answer to the registration options. */
export interface PasskeyRegistrationPayload {
  challengeId: string;
  response: WebAuthnJson;
  name?: string;
}

/** POST /auth/login/passkey: the authenticator's answer to the authentication options. */
export interface PasskeyLoginPayload {
  challengeId: string;
  response: WebAuthnJson;
  rememberMe: boolean;
}

/** DELETE /auth/passkeys/{id}: the password is needed to remove the last passkey. */
export interface PasskeyRemovalPayload {
  password?: string;
}

/** PUT /auth/change-password and POST /auth/reset-password answer how many other sessions were signed out. */
export interface SignedOutSessions {
  signedOut: number;
}

// --- bus only ---------------------------------------------------------------------------------------------------

/** Which browser asks: the gateway copies the User-Agent header into every request that starts or renews a session. */
export interface SessionClient {
  userAgent?: string;
}

/** The caller's refresh token (from its cookie), so the service can tell which session is the caller's. */
export interface CurrentSessionReference {
  refreshToken?: string;
}

/** The first login step: a session, or a challenge when the account has two-factor sign-in on. */
export type LoginOutcome = SessionGrant | TwoFactorChallenge;

export type TwoFactorLoginRequest = TwoFactorLoginPayload & SessionClient;
export type PasskeyLoginRequest = PasskeyLoginPayload & SessionClient;

export interface SessionIdPayload {
  sessionId: string;
}

export interface PasskeyRemovalRequest extends PasskeyRemovalPayload {
  passkeyId: string;
}

export function isTwoFactorChallenge(answer: LoginAnswer | LoginOutcome): answer is TwoFactorChallenge {
  return (answer as Partial<TwoFactorChallenge>).twoFactorRequired === true;
}
