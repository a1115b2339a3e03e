import { sql, type RawBuilder } from 'kysely';
import type { JournalRole } from '@memories/contracts';

/** Who writes in a journal: its owner and its editors. */
export const WRITER_ROLES = ['owner', 'editor'] as const satisfies readonly JournalRole[];

/**
 * Whether the caller has one of `roles` in the journal `journalId` names (a column such as `m.journal_id`, or a
 * value), as SQL. The rules over memories (memory-access.rules) and the checks of one journal (JournalAccess) both
 * read membership through here.
 */
export function hasJournalRole(
  journalId: RawBuilder<unknown>,
  callerId: string,
  roles: readonly JournalRole[] = ['owner', 'editor', 'viewer'],
): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM memory.journal_members jm
    WHERE jm.journal_id = ${journalId} AND jm.user_id = ${callerId} AND jm.role = ANY(${[...roles]}::text[]))`;
}

/** The caller's role in that journal, NULL when they are not a member. */
export function journalRoleOf(journalId: RawBuilder<unknown>, callerId: string): RawBuilder<JournalRole | null> {
  return sql<JournalRole | null>`(SELECT jm.role FROM memory.journal_members jm
    WHERE jm.journal_id = ${journalId} AND jm.user_id = ${callerId})`;
}
