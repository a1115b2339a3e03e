import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';

/** Everything of one user in the memory schema, and how much each account keeps there. */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * In one transaction: their memories (and with them, by cascade, the shares of those memories and anything else
   * a memory owns), the shares others gave them, and their counter rows (after the memories, whose delete trigger
   * updates the counters).
   */
  async purge(userId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query('DELETE FROM memory.memories WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.memory_shares WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_tag_counts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_counts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_words WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_day_counts WHERE user_id = $1', [userId]);
    });
  }

  /** The memories each owner has (drafts included), from the counters the database keeps: 0 for one without any. */
  async memoryCounts(ownerIds: string[]): Promise<Map<string, number>> {
    const rows = rowsOf<{ user_id: string; total: number }>(
      await this.db.query('SELECT user_id, total FROM memory.owner_counts WHERE user_id = ANY($1::text[])', [ownerIds]),
    );
    return new Map(rows.map((row) => [row.user_id, row.total]));
  }
}
