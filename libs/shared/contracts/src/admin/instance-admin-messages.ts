/**
 * Error codes of instance administration. Most map to their HTTP status by suffix; the three the issue names
 * (`SIGNUP_CLOSED`, `ACCOUNT_DISABLED` 403, `STORAGE_QUOTA_EXCEEDED` 413) have lines of their own in the gateway's
 * table and in the upload routes' table.
 */
export const ADMIN_ERROR_CODES = {
  SIGNUP_CLOSED: 'SIGNUP_CLOSED',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  ADMIN_ONLY_FORBIDDEN: 'ADMIN_ONLY_FORBIDDEN',
  LAST_ADMIN_CONFLICT: 'LAST_ADMIN_CONFLICT',
  INVITE_NOT_FOUND: 'INVITE_NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  STORAGE_QUOTA_EXCEEDED: 'STORAGE_QUOTA_EXCEEDED',
} as const;

export type AdminErrorCode = (typeof ADMIN_ERROR_CODES)[keyof typeof ADMIN_ERROR_CODES];

/** What the administration endpoints answer; the web client shows these as they are. */
export const ADMIN_MESSAGES = {
  /** The sign-up page, the landing page and the 403 in `invite` mode. */
  signupByInvite: 'Sign-up on this instance needs an invite. Ask its administrator for one.',
  /** The same in `closed` mode. */
  signupClosed: 'Sign-up on this instance is closed. Its administrator can still invite you.',
  inviteInvalid: 'This invite link cannot be used: it was used already, revoked, or it has expired. Ask for a new one.',
  inviteForAnotherAddress: 'This invite is for another e-mail address.',
  accountDisabled: 'This account has been disabled. Ask the administrator of this instance.',
  adminOnly: 'Only an administrator of this instance can do this.',
  lastAdmin: 'This instance needs an administrator: make someone else an administrator first.',
  inviteNotFound: 'This invite does not exist any more.',
  accountNotFound: 'This account does not exist.',
  settingsSaved: 'Sign-up settings saved',
  inviteCreated: 'Invite created',
  inviteRevoked: 'Invite revoked',
  userUpdated: 'Account updated',
} as const;

/** The 413 of an upload or import over the quota: `detail` says what is used and allowed. */
export function storageQuotaMessage(usedBytes: number, allowedBytes: number): string {
  const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `Your storage is full: ${mb(usedBytes)} of ${mb(allowedBytes)} used. Delete images you no longer need, or ask the administrator for more room.`;
}

export interface StorageQuotaDetail {
  usedBytes: number;
  allowedBytes: number;
}
