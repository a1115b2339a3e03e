import { Injectable } from '@nestjs/common';
import { DefaultJournals } from '../core/default-journals.repository';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/** Everything of one user in the memory schema, and how much each account keeps there. */
@Injectable()
export class AccountDataRepository {
  constructor(
    @InjectMemoryDb() private readonly db: MemoryDb,
    private readonly defaults: DefaultJournals,
  ) {}

  /**
   * In one transaction: their memories (and with them, by cascade, the shares of those memories and anything else
   * a memory owns), the shares others gave them, their counter rows (after the memories, whose delete trigger
   * updates the counters), their own prompts and their template, their memberships, and the journals they owned: what
   * other members wrote in those goes back to each member's own default journal first, so nobody else loses a word.
   */
  async purge(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'memory.memories',
        'memory.memory_shares',
        'memory.owner_tag_counts',
        'memory.owner_counts',
        'memory.owner_words',
        'memory.owner_day_counts',
        'memory.prompts',
        'memory.templates',
      ] as const) {
        await trx.deleteFrom(table).where('userId', '=', userId).execute();
      }
      const owned = await trx.selectFrom('memory.journals').select('id').where('ownerId', '=', userId).execute();
      for (const { id } of owned) {
        const authors = await trx
          .selectFrom('memory.memories')
          .select('userId')
          .distinct()
          .where('journalId', '=', id)
          .execute();
        await this.defaults.takeBackMemories(
          trx,
          id,
          authors.map((author) => author.userId),
        );
      }
      await trx.deleteFrom('memory.journals').where('ownerId', '=', userId).execute();
      await trx.deleteFrom('memory.journal_members').where('userId', '=', userId).execute();
    });
  }

  /** The memories each owner has (drafts included), from the counters the database keeps: 0 for one without any. */
  async memoryCounts(ownerIds: string[]): Promise<Map<string, number>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('memory.owner_counts')
      .select(['userId', 'total'])
      .where('userId', 'in', ownerIds)
      .execute();
    return new Map(rows.map((row) => [row.userId, row.total]));
  }
}
