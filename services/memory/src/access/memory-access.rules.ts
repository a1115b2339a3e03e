import { sql, type RawBuilder } from 'kysely';
import { WRITER_ROLES, hasJournalRole } from './journal-access.rules';

/**
 * One reason a caller may act on a memory, as SQL over the memory row `m`: every check of one memory (MemoryAccess)
 * and every query over many (images, lists) uses these same expressions, so the two cannot disagree.
 */
export type Grant = (callerId: string) => RawBuilder<boolean>;

/** The caller wrote the memory. */
export const authorGrant: Grant = (callerId) => sql<boolean>`m.user_id = ${callerId}`;

/** The author shared the memory with the caller. */
export const shareGrant: Grant = (callerId) =>
  sql<boolean>`EXISTS (SELECT 1 FROM memory.memory_shares s WHERE s.memory_id = m.id AND s.user_id = ${callerId})`;

const memoryJournal = sql`m.journal_id`;

/** The caller is a member of the memory's journal (any role: every member reads every memory in it). */
export const journalMemberGrant: Grant = (callerId) => hasJournalRole(memoryJournal, callerId);

/** The caller wrote the memory and may still write in its journal (an author made a viewer only reads). */
export const authorWriterGrant: Grant = (callerId) =>
  sql<boolean>`(m.user_id = ${callerId} AND ${hasJournalRole(memoryJournal, callerId, WRITER_ROLES)})`;

/** The caller owns the memory's journal: they may change or remove anything in it. */
export const journalOwnerGrant: Grant = (callerId) => hasJournalRole(memoryJournal, callerId, ['owner']);

/**
 * What a caller may do with a memory: `read` it (see it, its images), `write` it (change its content, restore a kept
 * version, publish, delete). The author is always a member of the memory's journal (a member who leaves takes their
 * memories with them), so `authorGrant` only answers the common case first.
 */
export const MEMORY_GRANTS = {
  read: [authorGrant, journalMemberGrant, shareGrant],
  write: [authorWriterGrant, journalOwnerGrant],
} satisfies Record<string, Grant[]>;

export type MemoryPermission = keyof typeof MEMORY_GRANTS;

/** The SQL form of a permission: true when any of its grants holds for the caller on `m`. */
export function permits(permission: MemoryPermission, callerId: string): RawBuilder<boolean> {
  const grants = MEMORY_GRANTS[permission].map((grant) => grant(callerId));
  return sql<boolean>`(${sql.join(grants, sql` OR `)})`;
}
