import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';

/** memory.memory_shares beyond adding recipients (MemoryRepository): listing, removing, and who introduced whom. */
@Injectable()
export class ShareRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  async recipients(memoryId: string): Promise<string[]> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.query(
        'SELECT user_id FROM memory.memory_shares WHERE memory_id = $1 ORDER BY created_at, user_id',
        [memoryId],
      ),
    );
    return rows.map((row) => row.user_id);
  }

  async remove(memoryId: string, userId: string): Promise<void> {
    await this.db.query('DELETE FROM memory.memory_shares WHERE memory_id = $1 AND user_id = $2', [memoryId, userId]);
  }

  /**
   * Whether `otherUserId` shares a memory with `userId`: only what someone shared with you introduces them (a share
   * you make is no introduction, or sharing a note with anyone's address would show you their profile). Starts from
   * the index on the recipient.
   */
  async connected(userId: string, otherUserId: string): Promise<boolean> {
    const rows = rowsOf<{ connected: boolean }>(
      await this.db.query(
        `SELECT EXISTS (
           SELECT 1 FROM memory.memory_shares s JOIN memory.memories m ON m.id = s.memory_id
           WHERE s.user_id = $1 AND m.user_id = $2
         ) AS connected`,
        [userId, otherUserId],
      ),
    );
    return rows[0]?.connected === true;
  }
}
