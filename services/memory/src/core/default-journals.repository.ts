import { Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import { DEFAULT_JOURNAL_NAME, JOURNAL_COLORS } from '@memories/contracts';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import { insertJournal } from './journal-rows';

/**
 * Every person's default journal: where their memories go when they name none, and where their memories go back to
 * when they leave (or are removed from, or lose) a journal someone else owns. Made the first time it is needed, so
 * for the person it exists from the start.
 */
@Injectable()
export class DefaultJournals {
  private readonly find;

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {
    this.find = prepared(db, (userId: string) =>
      db
        .selectFrom('memory.journal_members')
        .select('journalId')
        .where('userId', '=', userId)
        .where('isDefault', '=', true),
    );
  }

  /** The person's default journal, made now if they have none. */
  async of(userId: string): Promise<string> {
    const [found] = await this.find(userId);
    if (found) return found.journalId;
    return this.db.transaction().execute((trx) => this.ensure(trx, userId));
  }

  /**
   * Inside a transaction: the default journal of `userId`, made if missing. An advisory lock per person keeps two
   * first requests at once from making two journals.
   */
  async ensure(trx: Transaction<MemoryTables>, userId: string): Promise<string> {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`memory.default-journal:${userId}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('memory.journal_members')
      .select('journalId')
      .where('userId', '=', userId)
      .where('isDefault', '=', true)
      .executeTakeFirst();
    if (existing) return existing.journalId;
    const id = await insertJournal(trx, userId, {
      name: DEFAULT_JOURNAL_NAME,
      color: JOURNAL_COLORS[0],
      isDefault: true,
    });
    return id;
  }

  /**
   * Moves the memories `authorIds` wrote in `journalId` into each author's default journal (made if missing): what
   * happens to a member's own memories when they leave a journal, are removed from it, or it is deleted.
   */
  async takeBackMemories(trx: Transaction<MemoryTables>, journalId: string, authorIds: string[]): Promise<number> {
    let moved = 0;
    for (const authorId of authorIds) {
      const home = await this.ensure(trx, authorId);
      const result = await trx
        .updateTable('memory.memories')
        .set({ journalId: home })
        .where('journalId', '=', journalId)
        .where('userId', '=', authorId)
        .executeTakeFirst();
      moved += Number(result.numUpdatedRows);
    }
    return moved;
  }
}
