import type { UserSummary } from '../memories/user-lookup.types';

/** `GET /api/users?email=`: the exact address, compared case-insensitively like the unique index. */
export interface UserEmailLookupPayload {
  email: string;
}

/** The one matching user, or none: never more than the exact match. */
export interface UserEmailLookupResult {
  users: UserSummary[];
}

/** `DELETE /api/users/{me}`: the account's password, asked again so a borrowed session cannot delete it. */
export interface DeleteAccountPayload {
  password: string;
}

/**
 * Published on `auth.user.deleted` after the auth service deleted the account: every service deletes what the user
 * owned. A service that missed it (down, disconnected) catches up from `auth.users.deletions`.
 */
export interface UserDeletedEvent {
  userId: string;
}

/** `auth.users.deletions`: the record of deleted accounts after `after` (0 for the beginning), oldest first. */
export interface AccountDeletionsPayload {
  after: number;
  limit: number;
}

export interface AccountDeletion {
  /** Increases with every deletion, in commit order: a follower keeps the last one it handled. */
  position: number;
  userId: string;
}

export interface AccountDeletionsResult {
  deletions: AccountDeletion[];
}

/** Most deletions one `auth.users.deletions` answer carries. */
export const MAX_ACCOUNT_DELETIONS_PER_PAGE = 100;

/** `auth.profile-images.referenced`: which of the owner's file URLs is their profile picture. */
export interface ProfileImagesReferencedPayload {
  ownerId: string;
  fileUrls: string[];
}

export interface ProfileImagesReferencedResult {
  referenced: string[];
}

/** Where mail for the envelope's user goes (asked by the notify service, which keeps no addresses). */
export interface UserMailAddress {
  email: string;
  name: string;
}
