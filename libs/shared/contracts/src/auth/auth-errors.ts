/**
 * Auth error codes. Their suffixes give their HTTP status in the gateway's one mapping (`_UNAUTHORIZED` 401,
 * `_INVALID` 400, `_ALREADY_EXISTS` 409, `_FORBIDDEN` 403, `_RATE_LIMITED` 429). A wrong current password is
 * 400, not 401: the web client signs out on any 401 outside login and register.
 */
export const AUTH_ERROR_CODES = {
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  CREDENTIALS_UNAUTHORIZED: 'CREDENTIALS_UNAUTHORIZED',
  SESSION_UNAUTHORIZED: 'SESSION_UNAUTHORIZED',
  ACCESS_TOKEN_UNAUTHORIZED: 'ACCESS_TOKEN_UNAUTHORIZED',
  CURRENT_PASSWORD_INVALID: 'CURRENT_PASSWORD_INVALID',
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  VERIFICATION_TOKEN_INVALID: 'VERIFICATION_TOKEN_INVALID',
  CLIENT_HEADER_FORBIDDEN: 'CLIENT_HEADER_FORBIDDEN',
  AUTH_RATE_LIMITED: 'AUTH_RATE_LIMITED',
} as const;

export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/** What the auth endpoints answer; the web client shows these as they are. */
export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please log in.',
  emailTaken: 'User already exists',
  invalidCredentials: 'Invalid email or password',
  sessionExpired: 'Your session has expired. Please log in again.',
  accessTokenInvalid: 'Authentication required',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out',
  profileUpdated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully. Other devices have been signed out.',
  currentPasswordWrong: 'Current password is incorrect',
  resetRequested: 'If an account exists for this email, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. Please log in.',
  resetTokenInvalid: 'This password reset link is invalid or has expired',
  emailVerified: 'Your email has been verified',
  verificationTokenInvalid: 'This verification link is invalid or has expired',
  verificationResent: 'If the account exists and is not verified yet, a new verification email has been sent.',
  clientHeaderMissing: 'This request must come from the Memories web app',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  accountSignInPaused:
    'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password to sign in at once.',
} as const;
