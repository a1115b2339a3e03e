/**
 * Error codes of the users API. Their suffixes give their HTTP status in the gateway's one mapping: a user the
 * caller may not see is USER_NOT_FOUND (404), whether or not the account exists.
 */
export const USER_ERROR_CODES = {
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  /** 400, not 401: the web client signs out on any 401 outside login and register. */
  ACCOUNT_PASSWORD_INVALID: 'ACCOUNT_PASSWORD_INVALID',
  USER_LOOKUP_RATE_LIMITED: 'USER_LOOKUP_RATE_LIMITED',
} as const;

export type UserErrorCode = (typeof USER_ERROR_CODES)[keyof typeof USER_ERROR_CODES];

/** What the users endpoints answer; the web client shows these as they are. */
export const USER_MESSAGES = {
  notFound: 'User not found',
  accountDeleted: 'Your account and everything in it have been deleted.',
  passwordWrong: 'The password is incorrect.',
  tooManyLookups: 'Too many look-ups. Please wait a minute and try again.',
  profileImageInvalid: 'The profile picture must be an image you uploaded.',
} as const;
