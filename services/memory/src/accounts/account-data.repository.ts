import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';

/** Everything of one user in the memory schema. */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * In one transaction: their memories (and with them, by cascade, the shares of those memories and anything else
   * a memory owns), the shares others gave them, and their counter rows (after the memories, whose delete trigger
   * updates the counters), their own prompts and their template.
   */
  async purge(userId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query('DELETE FROM memory.memories WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.memory_shares WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_tag_counts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_counts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_words WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.owner_day_counts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.prompts WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM memory.templates WHERE user_id = $1', [userId]);
    });
  }
}
