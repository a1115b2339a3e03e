/**
 * Error codes of account security. Their suffixes give the HTTP status in the gateway's one mapping: a wrong code
 * in the login's second step is 401 (the login screen handles it), a wrong code or password while signed in is 400
 * (a 401 there would sign the user out).
 */
export const ACCOUNT_SECURITY_ERROR_CODES = {
  TWO_FACTOR_CHALLENGE_UNAUTHORIZED: 'TWO_FACTOR_CHALLENGE_UNAUTHORIZED',
  TWO_FACTOR_CODE_UNAUTHORIZED: 'TWO_FACTOR_CODE_UNAUTHORIZED',
  TWO_FACTOR_CODE_INVALID: 'TWO_FACTOR_CODE_INVALID',
  TWO_FACTOR_RATE_LIMITED: 'TWO_FACTOR_RATE_LIMITED',
  TWO_FACTOR_CONFLICT: 'TWO_FACTOR_CONFLICT',
  TWO_FACTOR_SETUP_INVALID: 'TWO_FACTOR_SETUP_INVALID',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  PASSKEY_NOT_FOUND: 'PASSKEY_NOT_FOUND',
  PASSKEY_REGISTRATION_INVALID: 'PASSKEY_REGISTRATION_INVALID',
  PASSKEY_LIMIT_CONFLICT: 'PASSKEY_LIMIT_CONFLICT',
  PASSKEY_UNAUTHORIZED: 'PASSKEY_UNAUTHORIZED',
  PASSWORD_CONFIRMATION_INVALID: 'PASSWORD_CONFIRMATION_INVALID',
} as const;

export type AccountSecurityErrorCode = (typeof ACCOUNT_SECURITY_ERROR_CODES)[keyof typeof ACCOUNT_SECURITY_ERROR_CODES];

/** What the account security endpoints answer; the web app shows these as they are. */
export const ACCOUNT_SECURITY_MESSAGES = {
  twoFactorRequired: 'Enter the 6-digit code from your authenticator app.',
  twoFactorChallengeExpired: 'Your sign-in took too long. Please log in again.',
  twoFactorCodeWrong: 'That code did not work. Check your authenticator app and try again.',
  twoFactorTooManyCodes: 'Too many wrong codes. Please wait 5 minutes and try again.',
  twoFactorSetupStarted: 'Scan the QR code, then enter the code your app shows.',
  twoFactorSetupMissing: 'Start the set-up again: there is no QR code waiting for a first code.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNotOn: 'Two-factor sign-in is not on.',
  twoFactorEnabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  twoFactorDisabled: 'Two-factor sign-in is off.',
  recoveryCodesReplaced: 'New recovery codes created. The old ones no longer work.',
  passwordConfirmationRequired: 'Enter your password to confirm.',
  sessionRevoked: 'That device has been signed out.',
  otherSessionsRevoked: 'Every other device has been signed out.',
  sessionNotFound: 'Session not found',
  passkeyAdded: 'Passkey added. You can now sign in with it.',
  passkeyRemoved: 'Passkey removed.',
  passkeyNotFound: 'Passkey not found',
  passkeyRegistrationFailed: 'The passkey could not be added. Please try again.',
  passkeyLimitReached: 'You have reached the limit of 20 passkeys. Remove one first.',
  passkeySignInFailed: 'This passkey could not sign you in. Try again, or log in with your password.',
  passkeyOptionsReady: 'Use your passkey to continue.',
  passkeyPromptClosed: 'The passkey prompt was closed or timed out. Please try again.',
  passkeysUnsupported: 'This browser cannot use passkeys.',
} as const;

/** Shown by a page opened at another origin than the app's PUBLIC_URL, where the browser would refuse the passkey. */
export function passkeyElsewhereMessage(origin: string): string {
  return `Passkeys work only at ${origin}. Open Memories there to use them.`;
}
