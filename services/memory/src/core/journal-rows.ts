import { sql, type Transaction } from 'kysely';
import type { JournalKeyEnvelope, JournalMemberRole, JournalRole } from '@memories/contracts';
import type { MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';

type Writer = MemoryDb | Transaction<MemoryTables>;

/**
 * Every journal is made here, with its owner as its first member (last in the owner's order): Settings, an import and
 * a person's first default journal all go through it.
 */
export async function insertJournal(
  trx: Transaction<MemoryTables>,
  ownerId: string,
  values: { name: string; color: string; keyEnvelope?: JournalKeyEnvelope; isDefault?: boolean },
): Promise<string> {
  const { id } = await trx
    .insertInto('memory.journals')
    .values({
      ownerId,
      name: values.name,
      color: values.color,
      locked: values.keyEnvelope !== undefined,
      keyEnvelope: values.keyEnvelope ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertMember(trx, id, ownerId, 'owner', values.isDefault ?? false);
  return id;
}

/** A member row, last in the member's own order of journals. */
export async function insertMember(
  db: Writer,
  journalId: string,
  userId: string,
  role: JournalRole | JournalMemberRole,
  isDefault = false,
) {
  return db
    .insertInto('memory.journal_members')
    .values((eb) => ({
      journalId,
      userId,
      role,
      isDefault,
      // After every journal the member has: a new one comes last in their order.
      position: eb
        .selectFrom('memory.journal_members')
        .select(sql<number>`coalesce(max(position) + 1, 0)`.as('next'))
        .where('userId', '=', userId),
    }))
    .returning(['userId', 'role', 'joinedAt'])
    .executeTakeFirstOrThrow();
}
