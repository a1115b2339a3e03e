import type { UserSummary } from '../memories/user-lookup.types';
import type { JournalKeyEnvelope } from './locked-journal';

/**
 * What a person may do in a journal: the `owner` made it (renames, recolours, deletes it, manages its members, edits
 * or removes any memory in it); an `editor` reads every memory in it, writes new ones there and edits their own; a
 * `viewer` only reads.
 */
export const JOURNAL_ROLES = ['owner', 'editor', 'viewer'] as const;
export type JournalRole = (typeof JOURNAL_ROLES)[number];

/**
 * Whether the reader may edit or delete a memory, by their role in its journal and whether they wrote it: the rule the
 * memory service enforces (its memory-access rules), here so that a page offers only what the server allows.
 */
export function mayChangeMemory(role: JournalRole, isAuthor: boolean): boolean {
  return role === 'owner' || (role === 'editor' && isAuthor);
}

/** The roles an owner gives a member (there is one owner: the person who made the journal). */
export const JOURNAL_MEMBER_ROLES = ['editor', 'viewer'] as const;
export type JournalMemberRole = (typeof JOURNAL_MEMBER_ROLES)[number];

/** A journal as the caller sees it (`GET /api/journals`). */
export interface Journal {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** The caller's role in it. */
  role: JournalRole;
  /** End-to-end encrypted: the server holds only ciphertext, and the browser needs the passphrase to read it. */
  locked: boolean;
  /** Where the caller's new memories go when they name no journal (one of their own journals). */
  isDefault: boolean;
  /** Memories in the journal, by every member. */
  memoryCount: number;
  /** The people it is shared with: its members besides its owner. */
  memberCount: number;
  /** The caller's own order of their journals, from 0. */
  position: number;
  /** The owner, as a member may see them (absent on the caller's own journals). */
  owner?: UserSummary;
}

/** `POST /api/journals`. A locked journal carries its wrapped key, made in the browser. */
export interface JournalCreateInput {
  name: string;
  color?: string;
  keyEnvelope?: JournalKeyEnvelope;
}

/** `PATCH /api/journals/{id}`: any of these. */
export interface JournalUpdateInput {
  name?: string;
  color?: string;
  /** Only `true`: the default moves here (from the caller's previous default). */
  isDefault?: boolean;
  /** Moves the journal to this place in the caller's order (0 = first). */
  position?: number;
}

/** `DELETE /api/journals/{id}?moveTo=`. */
export interface JournalDeleteQuery {
  moveTo?: string;
}

/** A member of a journal (`GET /api/journals/{id}/members`), the owner first. */
export interface JournalMember {
  userId: string;
  name: string;
  email: string;
  profileImageUrl: string | null;
  role: JournalRole;
  /** When they joined (the owner: when the journal was made). */
  joinedAt: string;
}

/** `POST /api/journals/{id}/members`. */
export interface JournalMemberInput {
  email: string;
  role: JournalMemberRole;
}

/** `PATCH /api/journals/{id}/members/{userId}`. */
export interface JournalMemberRoleInput {
  role: JournalMemberRole;
}

/** Longest journal name, and how many journals one person may own. */
export const MAX_JOURNAL_NAME_LENGTH = 80;
export const MAX_JOURNALS_PER_OWNER = 100;
/** Most members a journal may have besides its owner. */
export const MAX_JOURNAL_MEMBERS = 50;

/** A journal colour: `#` and six hex digits. */
export const JOURNAL_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/**
 * The colours offered when a journal is made, in order; a new journal takes the first one the person's journals
 * do not use yet. Each keeps a contrast of at least 3:1 against both the light and the dark card backgrounds.
 */
export const JOURNAL_COLORS = ['#3f6ad8', '#2e7d32', '#c2410c', '#8e24aa', '#00838f', '#b8860b', '#d81b60', '#5d6d7e'];

/** The name of the journal every person starts with. */
export const DEFAULT_JOURNAL_NAME = 'Journal';
