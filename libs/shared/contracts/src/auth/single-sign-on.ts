import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '../admin/instance-admin-messages';
import type { SubjectPattern } from '../bus/subjects';
import { ERROR_CODES } from '../errors/error-codes';
import type { SessionClient } from './account-security';
import type { SessionGrant } from './auth-bus';

/**
 * Single sign-on with an OpenID Connect provider (docs/decisions.md, "Single sign-on"). The browser starts at the
 * start path (a 302 to the provider) and comes back to the callback path, which the provider must allow as the
 * redirect URI: `{PUBLIC_URL}/api/auth/oidc/callback`.
 */
export const SINGLE_SIGN_ON_START_PATH = '/api/auth/oidc/start';
export const SINGLE_SIGN_ON_CALLBACK_PATH = '/api/auth/oidc/callback';
/**
 * Ties a started sign-in to the browser that started it, so a callback URL sent to someone else signs nobody in:
 * HttpOnly, SameSite=Lax (the provider's redirect back is a cross-site navigation) and sent only to the callback.
 */
export const SIGN_IN_BINDING_COOKIE_NAME = 'memories_oidc';
/** How long a started sign-in may take at the provider before its callback is refused. */
export const SIGN_IN_REQUEST_TTL_MS = 10 * 60_000;
/** The query parameter that brings a refused single sign-on back to a page, holding the error code to explain. */
export const SINGLE_SIGN_ON_ERROR_PARAMETER = 'ssoError';
/** The query parameter of Settings → Security after the provider linked the account. */
export const SINGLE_SIGN_ON_LINKED_PARAMETER = 'ssoLinked';
export const DEFAULT_OIDC_SCOPES = 'openid email profile';
export const DEFAULT_OIDC_DISPLAY_NAME = 'SSO';
/** Where a single sign-on lands when it did not start from a page that wants the person back. */
export const DEFAULT_SIGN_IN_RETURN_PATH = '/dashboard';
/** Where the linking of a provider comes back to (Settings → Security, "Linked sign-in"). */
export const LINKED_SIGN_IN_PATH = '/settings/security';
export const MAX_RETURN_PATH_LENGTH = 1024;
/**
 * A path of this app to come back to after signing in: same origin only (no scheme, no `//host`, no backslash that
 * a browser would read as a slash), and never the API.
 */
export const RETURN_PATH_PATTERN = /^\/(?![/\\])(?!api(?:\/|$))[^\s\\]*$/;

/** The login button's words. */
export function singleSignOnLabel(displayName: string): string {
  return `Sign in with ${displayName}`;
}

/** GET /auth/sign-in-options: what the login and sign-up pages may offer. */
export interface SignInOptions {
  /** false: password sign-in and registration are off (PASSWORD_LOGIN=false); single sign-on is the way in. */
  passwordLogin: boolean;
  /** null: single sign-on is not set up. */
  singleSignOn: SingleSignOnOption | null;
}

export interface SingleSignOnOption {
  /** OIDC_DISPLAY_NAME: the button says "Sign in with {displayName}". */
  displayName: string;
  /** false: the provider cannot be reached now (its discovery failed); the login page says so. */
  available: boolean;
  /** The start path on PUBLIC_URL, so the sign-in cookie and the provider's callback meet on one origin. */
  startUrl: string;
}

/** A sign-in at an identity provider that opens this account (Settings → Security, "Linked sign-in"). */
export interface LinkedIdentity {
  id: string;
  /** OIDC_DISPLAY_NAME for the instance's provider, otherwise the issuer's host. */
  provider: string;
  issuer: string;
  /** The address the provider gave at the last sign-in, if it gave one. */
  email: string | null;
  linkedAt: string;
  lastUsedAt: string | null;
  /** false: the instance no longer uses this issuer, so this link cannot sign in. */
  usable: boolean;
}

/** POST /auth/oidc/link: the account password again, when the account has one (a stolen session cannot add a way in). */
export interface LinkIdentityPayload {
  password?: string;
}

/** Where to send the browser next: the provider's authorization endpoint. */
export interface AuthorizationRedirect {
  authorizationUrl: string;
}

/** POST /auth/logout with OIDC_LOGOUT=true, after a single sign-on: also sign out at the provider there. */
export interface LoggedOut {
  endSessionUrl: string;
}

// --- bus only ---------------------------------------------------------------------------------------------------

export interface SignInStartRequest {
  rememberMe: boolean;
  /** A path of this app (RETURN_PATH_PATTERN); DEFAULT_SIGN_IN_RETURN_PATH otherwise. */
  returnTo?: string;
  /** An invite's token: a first sign-in without an account is admitted with it (it is then used up). */
  inviteToken?: string;
}

/** A started authorization request: where to send the browser, and its secret that the gateway keeps in a cookie. */
export interface SignInStarted extends AuthorizationRedirect {
  binding: string;
}

export interface SignInCallbackRequest extends SessionClient {
  /** The callback's query string as the provider sent it (without `?`). */
  query: string;
  /** The cookie of the browser that brought it, if any. */
  binding?: string;
}

/** What the callback did; every outcome is a redirect to `returnTo` (a refusal with the error code added). */
export type SignInCallbackOutcome =
  | { outcome: 'signed-in'; grant: SessionGrant; returnTo: string }
  | { outcome: 'linked'; returnTo: string }
  | { outcome: 'refused'; code: string; returnTo: string };

export interface LinkedIdentityIdPayload {
  identityId: string;
}

/** The logout's answer on the bus: where the browser may go next to sign out at the provider too. */
export interface LogoutResult {
  loggedOut: true;
  endSessionUrl?: string;
}

export const SINGLE_SIGN_ON_SUBJECTS = {
  signInOptions: 'auth.sign-in-options.get',
  start: 'auth.oidc.start',
  startLink: 'auth.oidc.link',
  complete: 'auth.oidc.complete',
  listIdentities: 'auth.identities.list',
  unlinkIdentity: 'auth.identities.unlink',
} as const satisfies Record<string, SubjectPattern>;

export interface SingleSignOnBusRequestMap {
  [SINGLE_SIGN_ON_SUBJECTS.signInOptions]: { payload: Record<string, never>; result: SignInOptions };
  [SINGLE_SIGN_ON_SUBJECTS.start]: { payload: SignInStartRequest; result: SignInStarted };
  [SINGLE_SIGN_ON_SUBJECTS.startLink]: { payload: LinkIdentityPayload; result: SignInStarted };
  [SINGLE_SIGN_ON_SUBJECTS.complete]: { payload: SignInCallbackRequest; result: SignInCallbackOutcome };
  [SINGLE_SIGN_ON_SUBJECTS.listIdentities]: { payload: Record<string, never>; result: LinkedIdentity[] };
  [SINGLE_SIGN_ON_SUBJECTS.unlinkIdentity]: { payload: LinkedIdentityIdPayload; result: { unlinked: true } };
}

/**
 * Error codes of single sign-on. Those of the callback come back to a page as SINGLE_SIGN_ON_ERROR_PARAMETER (the
 * browser was sent away, so there is no answer to carry them); their suffixes still give a status.
 */
export const SINGLE_SIGN_ON_ERROR_CODES = {
  SINGLE_SIGN_ON_NOT_FOUND: 'SINGLE_SIGN_ON_NOT_FOUND',
  SINGLE_SIGN_ON_UNAVAILABLE: 'SINGLE_SIGN_ON_UNAVAILABLE',
  SIGN_IN_REQUEST_INVALID: 'SIGN_IN_REQUEST_INVALID',
  SIGN_IN_REQUEST_USED_CONFLICT: 'SIGN_IN_REQUEST_USED_CONFLICT',
  SIGN_IN_REQUEST_EXPIRED_UNAUTHORIZED: 'SIGN_IN_REQUEST_EXPIRED_UNAUTHORIZED',
  PROVIDER_SIGN_IN_REFUSED: 'PROVIDER_SIGN_IN_REFUSED',
  PROVIDER_ANSWER_INVALID: 'PROVIDER_ANSWER_INVALID',
  PROVIDER_EMAIL_INVALID: 'PROVIDER_EMAIL_INVALID',
  LINK_REQUIRED_CONFLICT: 'LINK_REQUIRED_CONFLICT',
  SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND: 'SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND',
  LINKED_IDENTITY_ALREADY_EXISTS: 'LINKED_IDENTITY_ALREADY_EXISTS',
  LINKED_IDENTITY_NOT_FOUND: 'LINKED_IDENTITY_NOT_FOUND',
  LAST_SIGN_IN_METHOD_CONFLICT: 'LAST_SIGN_IN_METHOD_CONFLICT',
  PASSWORD_LOGIN_FORBIDDEN: 'PASSWORD_LOGIN_FORBIDDEN',
} as const;

export type SingleSignOnErrorCode = (typeof SINGLE_SIGN_ON_ERROR_CODES)[keyof typeof SINGLE_SIGN_ON_ERROR_CODES];

/** What single sign-on answers, and what the login and settings pages show for a refused callback. */
export const SINGLE_SIGN_ON_MESSAGES = {
  notConfigured: 'Single sign-on is not set up on this instance.',
  unavailable: 'Single sign-on is unavailable right now. Please try again later or sign in another way.',
  requestInvalid: 'This sign-in was not started in this browser, so nobody was signed in. Please sign in again.',
  requestUsed: 'This sign-in was already completed and cannot be used again. Please sign in again.',
  requestExpired: 'This sign-in took longer than 10 minutes, so nobody was signed in. Please sign in again.',
  providerRefused: 'Your identity provider did not sign you in (the sign-in was cancelled or refused).',
  providerAnswerInvalid:
    'The answer of your identity provider could not be verified, so nobody was signed in. Please try again.',
  emailMissing:
    'Your identity provider did not share a valid e-mail address, which a new account needs. Ask the administrator ' +
    'of this instance to allow the "email" scope.',
  linkRequired:
    'An account with this e-mail address already exists, and your identity provider has not confirmed that the ' +
    'address is yours. Sign in with your password, then link single sign-on in Settings → Security, under ' +
    '"Linked sign-in".',
  accountNotFound:
    'No account here uses this sign-in, and single sign-on does not create accounts on this instance. Ask its ' +
    'administrator for an invite.',
  signupClosed:
    'No account here uses this sign-in, and new people cannot sign up on this instance on their own. Ask its ' +
    'administrator for an invite.',
  identityTaken: 'This sign-in of your identity provider is already linked to another account.',
  identityNotFound: 'Linked sign-in not found',
  lastSignInMethod:
    'This is the only way into your account. Set a password or add a passkey before you unlink it, so you can ' +
    'still sign in.',
  passwordLoginOff: 'Password sign-in is turned off on this instance. Please use single sign-on.',
  serverUnreachable:
    'The sign-in could not be completed because Memories is not reachable right now. Please try again.',
  failed: 'Single sign-on did not complete, so nobody was signed in. Please try again.',
  linked: 'Single sign-on is linked: you can now sign in with it.',
  unlinked: 'Single sign-on unlinked.',
  linkStarted: 'Continue at your identity provider.',
} as const;

/** The message of a refused single sign-on, by the code it came back with (any other code: it failed). */
export function singleSignOnErrorMessage(code: string): string {
  const codes = SINGLE_SIGN_ON_ERROR_CODES;
  const messages: Record<string, string> = {
    [codes.SINGLE_SIGN_ON_NOT_FOUND]: SINGLE_SIGN_ON_MESSAGES.notConfigured,
    [codes.SINGLE_SIGN_ON_UNAVAILABLE]: SINGLE_SIGN_ON_MESSAGES.unavailable,
    [codes.SIGN_IN_REQUEST_INVALID]: SINGLE_SIGN_ON_MESSAGES.requestInvalid,
    [codes.SIGN_IN_REQUEST_USED_CONFLICT]: SINGLE_SIGN_ON_MESSAGES.requestUsed,
    [codes.SIGN_IN_REQUEST_EXPIRED_UNAUTHORIZED]: SINGLE_SIGN_ON_MESSAGES.requestExpired,
    [codes.PROVIDER_SIGN_IN_REFUSED]: SINGLE_SIGN_ON_MESSAGES.providerRefused,
    [codes.PROVIDER_ANSWER_INVALID]: SINGLE_SIGN_ON_MESSAGES.providerAnswerInvalid,
    [codes.PROVIDER_EMAIL_INVALID]: SINGLE_SIGN_ON_MESSAGES.emailMissing,
    [codes.LINK_REQUIRED_CONFLICT]: SINGLE_SIGN_ON_MESSAGES.linkRequired,
    [codes.SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND]: SINGLE_SIGN_ON_MESSAGES.accountNotFound,
    [codes.LINKED_IDENTITY_ALREADY_EXISTS]: SINGLE_SIGN_ON_MESSAGES.identityTaken,
    [ADMIN_ERROR_CODES.SIGNUP_CLOSED]: SINGLE_SIGN_ON_MESSAGES.signupClosed,
    [ADMIN_ERROR_CODES.ACCOUNT_DISABLED]: ADMIN_MESSAGES.accountDisabled,
    [ERROR_CODES.BUS_UNAVAILABLE]: SINGLE_SIGN_ON_MESSAGES.serverUnreachable,
    [ERROR_CODES.BUS_TIMEOUT]: SINGLE_SIGN_ON_MESSAGES.serverUnreachable,
    [ERROR_CODES.DATABASE_UNAVAILABLE]: SINGLE_SIGN_ON_MESSAGES.serverUnreachable,
  };
  return messages[code] ?? SINGLE_SIGN_ON_MESSAGES.failed;
}
