import { Injectable } from '@nestjs/common';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/** Everything of one user in the memory schema, and how much each account keeps there. */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  /**
   * In one transaction: their memories (and with them, by cascade, the shares of those memories and anything else
   * a memory owns), the shares others gave them, and their counter rows (after the memories, whose delete trigger
   * updates the counters).
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
      ] as const) {
        await trx.deleteFrom(table).where('userId', '=', userId).execute();
      }
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
