import { Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { JournalKeyEnvelope, JournalMemberRole, JournalRole } from '@memories/contracts';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import { insertJournal, insertMember } from '../core/journal-rows';

/** A journal as one member sees it: the journal, their role and their place for it, and how many memories it has. */
export interface MemberJournalRow {
  id: string;
  ownerId: string;
  name: string;
  color: string;
  locked: boolean;
  role: JournalRole;
  position: number;
  isDefault: boolean;
  memoryCount: number;
  memberCount: number;
}

export interface MemberRow {
  userId: string;
  role: JournalRole;
  joinedAt: Date;
}

/** memory.journals and memory.journal_members: who has which journal, and what the owner changes about it. */
@Injectable()
export class JournalsRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  /**
   * The caller's journals in their order (then by name), with each one's memory count (journal_counts) and how many
   * people besides its owner are members.
   */
  async listFor(userId: string, journalId?: string): Promise<MemberJournalRow[]> {
    return this.db
      .selectFrom('memory.journal_members as jm')
      .innerJoin('memory.journals as j', 'j.id', 'jm.journalId')
      .leftJoin('memory.journal_counts as c', 'c.journalId', 'j.id')
      .select(['j.id', 'j.ownerId', 'j.name', 'j.color', 'j.locked', 'jm.role', 'jm.position', 'jm.isDefault'])
      .select((eb) => eb.fn.coalesce('c.total', eb.lit(0)).as('memoryCount'))
      .select((eb) =>
        eb.fn
          .coalesce(
            eb
              .selectFrom('memory.journal_members as others')
              .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('count'))
              .whereRef('others.journalId', '=', 'j.id')
              .where('others.role', '!=', 'owner'),
            eb.lit(0),
          )
          .as('memberCount'),
      )
      .where('jm.userId', '=', userId)
      .$if(journalId !== undefined, (query) => query.where('j.id', '=', journalId ?? ''))
      .orderBy('jm.position')
      .orderBy('j.name')
      .orderBy('j.id')
      .execute();
  }

  async countOwned(userId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('memory.journals')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .where('ownerId', '=', userId)
      .executeTakeFirstOrThrow();
    return count;
  }

  /** A new journal, owned by `userId`, last in their order. */
  async create(
    userId: string,
    values: { name: string; color: string; keyEnvelope?: JournalKeyEnvelope },
  ): Promise<string> {
    return this.db.transaction().execute((trx) => insertJournal(trx, userId, values));
  }

  async rename(journalId: string, changes: { name?: string; color?: string }): Promise<void> {
    if (changes.name === undefined && changes.color === undefined) return;
    await this.db
      .updateTable('memory.journals')
      .set({ ...changes, updatedAt: sql`now()` })
      .where('id', '=', journalId)
      .execute();
  }

  /** The caller's default moves to this journal (one of their own). */
  async makeDefault(userId: string, journalId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('memory.journal_members')
        .set({ isDefault: false })
        .where('userId', '=', userId)
        .where('isDefault', '=', true)
        .execute();
      await trx
        .updateTable('memory.journal_members')
        .set({ isDefault: true })
        .where('userId', '=', userId)
        .where('journalId', '=', journalId)
        .execute();
    });
  }

  /** Moves the journal to `position` in the caller's order; the others keep their order around it (0, 1, 2...). */
  async reorder(userId: string, journalId: string, position: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('memory.journal_members as jm')
        .innerJoin('memory.journals as j', 'j.id', 'jm.journalId')
        .select('jm.journalId')
        .where('jm.userId', '=', userId)
        .orderBy('jm.position')
        .orderBy('j.name')
        .orderBy('j.id')
        .forUpdate()
        .execute();
      const order = rows.map((row) => row.journalId).filter((id) => id !== journalId);
      order.splice(Math.min(position, order.length), 0, journalId);
      for (const [index, id] of order.entries()) {
        await trx
          .updateTable('memory.journal_members')
          .set({ position: index })
          .where('userId', '=', userId)
          .where('journalId', '=', id)
          .execute();
      }
    });
  }

  async setKeyEnvelope(journalId: string, keyEnvelope: JournalKeyEnvelope): Promise<void> {
    await this.db
      .updateTable('memory.journals')
      .set({ keyEnvelope, updatedAt: sql`now()` })
      .where('id', '=', journalId)
      .execute();
  }

  /** Who wrote memories in the journal, besides `exceptUserId`. */
  async otherAuthors(trx: MemoryDb | Transaction<MemoryTables>, journalId: string, exceptUserId: string) {
    const rows = await trx
      .selectFrom('memory.memories')
      .select('userId')
      .distinct()
      .where('journalId', '=', journalId)
      .where('userId', '<>', exceptUserId)
      .execute();
    return rows.map((row) => row.userId);
  }

  async members(journalId: string): Promise<MemberRow[]> {
    return this.db
      .selectFrom('memory.journal_members')
      .select(['userId', 'role', 'joinedAt'])
      .where('journalId', '=', journalId)
      .orderBy(sql`role = 'owner'`, 'desc')
      .orderBy('joinedAt')
      .orderBy('userId')
      .execute();
  }

  async member(journalId: string, userId: string): Promise<MemberRow | undefined> {
    return this.db
      .selectFrom('memory.journal_members')
      .select(['userId', 'role', 'joinedAt'])
      .where('journalId', '=', journalId)
      .where('userId', '=', userId)
      .executeTakeFirst();
  }

  async countMembers(journalId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('memory.journal_members')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .where('journalId', '=', journalId)
      .executeTakeFirstOrThrow();
    return count;
  }

  /** A new member, last in their own order of journals. */
  addMember(journalId: string, userId: string, role: JournalMemberRole): Promise<MemberRow> {
    return insertMember(this.db, journalId, userId, role);
  }

  async setRole(journalId: string, userId: string, role: JournalMemberRole): Promise<MemberRow> {
    return this.db
      .updateTable('memory.journal_members')
      .set({ role })
      .where('journalId', '=', journalId)
      .where('userId', '=', userId)
      .returning(['userId', 'role', 'joinedAt'])
      .executeTakeFirstOrThrow();
  }

  /**
   * Takes a member out, in one transaction with moving the memories they wrote there back to their default journal
   * (`takeBack`): from the commit on, every read of the journal's memories and images checks a membership they no
   * longer have.
   */
  async removeMember(
    journalId: string,
    userId: string,
    takeBack: (trx: Transaction<MemoryTables>) => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await takeBack(trx);
      await trx
        .deleteFrom('memory.journal_members')
        .where('journalId', '=', journalId)
        .where('userId', '=', userId)
        .execute();
    });
  }

  /**
   * Deletes a journal after `moveOut` took its memories elsewhere (in the same transaction): its members, counters and
   * the journal itself go; a memory still in it makes the foreign key refuse, so nothing is lost.
   */
  async delete(journalId: string, moveOut: (trx: Transaction<MemoryTables>) => Promise<number>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await moveOut(trx);
      await trx.deleteFrom('memory.journals').where('id', '=', journalId).execute();
      return moved;
    });
  }

  async moveOwnMemories(trx: Transaction<MemoryTables>, from: string, to: string, userId: string): Promise<number> {
    const result = await trx
      .updateTable('memory.memories')
      .set({ journalId: to })
      .where('journalId', '=', from)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The journals a person owns whose name is `name` (case aside): where an import puts a source journal's memories. */
  async ownedByName(userId: string, name: string) {
    return this.db
      .selectFrom('memory.journals')
      .select(['id', 'locked', 'keyEnvelope'])
      .where('ownerId', '=', userId)
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .orderBy('createdAt')
      .execute();
  }
}
