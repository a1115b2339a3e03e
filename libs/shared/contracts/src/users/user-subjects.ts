import type { SubjectPattern } from '../bus/subjects';

/**
 * Request/reply subjects about users beyond the caller's own profile and session: finding someone to share with,
 * which files are profile pictures, deleting an account, and the record of deleted accounts other services follow.
 */
export const USER_SUBJECTS = {
  /** The gateway: the one user with exactly this e-mail address, for the share dialog. */
  findByEmail: 'auth.users.find-by-email',
  /** The gateway: deletes the caller's account once their password is confirmed. */
  delete: 'auth.users.delete',
  /** Every service that keeps a user's data: the deleted accounts after a position, oldest first. */
  deletions: 'auth.users.deletions',
  /** The upload service: which of an owner's files are their profile picture (never swept, readable by contacts). */
  profileImagesReferenced: 'auth.profile-images.referenced',
  /** The notify service: where a person's reminder e-mails go (their account's address and name). */
  mailAddress: 'auth.users.mail-address',
} as const satisfies Record<string, SubjectPattern>;

/** Events about users (past tense, never queued: every replica of every interested service sees each one). */
export const USER_EVENTS = {
  deleted: 'auth.user.deleted',
} as const satisfies Record<string, SubjectPattern>;
