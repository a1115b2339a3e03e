import { ApiError, NETWORK_ERROR_MESSAGE } from '@memories/web-api-client/app-client';

const SERVER_ERROR_MESSAGE = 'Server error. Please try again later.';

/**
 * The fallbacks of spec section 8 for the auth calls without a catalogue of their own: the client shows them when
 * the server gives no message.
 */
export const AUTH_FALLBACK_MESSAGES = {
  logout: 'Logout failed',
  refresh: 'Token refresh failed',
  getProfile: 'Failed to fetch profile',
  updateProfile: 'Profile update failed',
  changePassword: 'Password change failed',
  forgotPassword: 'Password reset request failed',
  resetPassword: 'Password reset failed',
  verifyEmail: 'Email verification failed',
  resendVerification: 'Failed to resend verification email',
  signInOptions: 'Could not find out how to sign in here',
  signUpState: 'Could not find out whether sign-up is open',
  checkInvite: 'Could not check this invite',
} as const;

/** Login (spec section 8): the server's message for 401, 400 and other statuses, with the spec's defaults. */
export function loginErrorMessage(error: ApiError): string {
  if (error.isNoResponse) return NETWORK_ERROR_MESSAGE;
  switch (error.status) {
    case 401:
      return error.serverMessage ?? 'Invalid email or password';
    case 400:
      return error.serverMessage ?? 'Invalid login data';
    case 500:
      return SERVER_ERROR_MESSAGE;
    default:
      return error.serverMessage ?? 'Login failed';
  }
}

/**
 * Register (spec section 8): one fixed message per status; the server's own text is shown only for 403 (sign-up
 * needs an invite, or the invite cannot be used: it says which).
 */
export function registerErrorMessage(error: ApiError): string {
  if (error.isNoResponse) return NETWORK_ERROR_MESSAGE;
  switch (error.status) {
    case 400:
      return 'Invalid registration data';
    case 403:
      return error.serverMessage ?? 'Registration failed';
    case 409:
      return 'User already exists';
    case 500:
      return SERVER_ERROR_MESSAGE;
    default:
      return 'Registration failed';
  }
}
