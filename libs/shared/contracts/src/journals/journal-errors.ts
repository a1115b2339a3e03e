/**
 * Error codes of journals. Their suffixes give the HTTP status in the gateway's one mapping. A journal the caller is
 * not a member of is JOURNAL_NOT_FOUND, whether or not it exists.
 */
export const JOURNAL_ERROR_CODES = {
  JOURNAL_NOT_FOUND: 'JOURNAL_NOT_FOUND',
  JOURNAL_INVALID: 'JOURNAL_INVALID',
  /** A member whose role does not allow it (a viewer writing, an editor changing another's memory): 403. */
  JOURNAL_WRITE_FORBIDDEN: 'JOURNAL_WRITE_FORBIDDEN',
  /** Only the owner changes a journal or its members. */
  JOURNAL_OWNER_FORBIDDEN: 'JOURNAL_OWNER_FORBIDDEN',
  JOURNAL_NOT_EMPTY_CONFLICT: 'JOURNAL_NOT_EMPTY_CONFLICT',
  JOURNAL_LAST_CONFLICT: 'JOURNAL_LAST_CONFLICT',
  JOURNAL_DEFAULT_CONFLICT: 'JOURNAL_DEFAULT_CONFLICT',
  JOURNAL_LIMIT_CONFLICT: 'JOURNAL_LIMIT_CONFLICT',
  /** Sharing a locked journal, or plaintext sent to one (or ciphertext to a plain one). */
  JOURNAL_LOCKED_CONFLICT: 'JOURNAL_LOCKED_CONFLICT',
  JOURNAL_MEMBER_NOT_FOUND: 'JOURNAL_MEMBER_NOT_FOUND',
  JOURNAL_MEMBER_INVALID: 'JOURNAL_MEMBER_INVALID',
  JOURNAL_MEMBER_ALREADY_EXISTS: 'JOURNAL_MEMBER_ALREADY_EXISTS',
} as const;

export type JournalErrorCode = (typeof JOURNAL_ERROR_CODES)[keyof typeof JOURNAL_ERROR_CODES];

/** What the journal endpoints answer; the web client shows these as they are. */
export const JOURNAL_MESSAGES = {
  created: 'Journal created',
  updated: 'Journal updated',
  deleted: 'Journal deleted',
  notFound: 'Journal not found',
  memberAdded: 'Member added',
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  left: 'You left the journal',
  rekeyed: 'Passphrase changed',
  ownerOnly: 'Only the journal’s owner can do that.',
  viewerReadOnly: 'You can read this journal but not write in it.',
  editorOwnOnly: 'You can edit only the memories you wrote in this journal.',
  notEmpty: 'This journal still has memories: choose a journal to move them to first.',
  lastJournal: 'You need at least one journal.',
  defaultJournal: 'This is your default journal: make another one the default first.',
  lockedDefault: 'A locked journal cannot be your default journal.',
  notLocked: 'This journal is not locked.',
  ownerCannotLeave: 'You own this journal: delete it instead of leaving it.',
  memberNotFound: 'That person is not a member of this journal.',
  tooMany: 'You have reached the largest number of journals.',
  tooManyMembers: 'This journal has reached the largest number of members.',
  lockedSharing: 'A locked journal cannot be shared: only you hold its key.',
  lockedContent: 'A locked journal only stores content encrypted in your browser.',
  plainContent: 'This journal is not locked: it cannot store encrypted content.',
  lockedMove: 'A memory cannot move into or out of a locked journal here: copy it in the browser instead.',
  memberUnknown: 'No verified account uses that e-mail address.',
  memberSelf: 'You already own this journal.',
  memberExists: 'That person is already a member.',
  moveTarget: 'Memories can only move to another journal you own.',
  moveOwnOnly: 'Only the person who wrote a memory can move it to another journal.',
  keyInvalid: 'The journal’s key is not in the expected form.',
} as const;
