import { Injectable } from '@nestjs/common';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/** memory.memory_shares beyond adding recipients (MemoryRepository): listing, removing, and who introduced whom. */
@Injectable()
export class ShareRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  async recipients(memoryId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('memory.memory_shares')
      .select('userId')
      .where('memoryId', '=', memoryId)
      .orderBy('createdAt')
      .orderBy('userId')
      .execute();
    return rows.map((row) => row.userId);
  }

  async remove(memoryId: string, userId: string): Promise<void> {
    await this.db
      .deleteFrom('memory.memory_shares')
      .where('memoryId', '=', memoryId)
      .where('userId', '=', userId)
      .execute();
  }

  /**
   * Whether `otherUserId` shares a memory with `userId`: only what someone shared with you introduces them (a share
   * you make is no introduction, or sharing a note with anyone's address would show you their profile). Starts from
   * the index on the recipient.
   */
  async connected(userId: string, otherUserId: string): Promise<boolean> {
    const { connected } = await this.db
      .selectNoFrom((eb) =>
        eb
          .exists(
            this.db
              .selectFrom('memory.memory_shares as s')
              .innerJoin('memory.memories as m', 'm.id', 's.memoryId')
              .where('s.userId', '=', userId)
              .where('m.userId', '=', otherUserId)
              .select('s.memoryId'),
          )
          .as('connected'),
      )
      .executeTakeFirstOrThrow();
    return connected === true;
  }
}
