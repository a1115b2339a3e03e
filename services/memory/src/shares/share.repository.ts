import { Injectable } from '@nestjs/common';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/** memory.memory_shares beyond adding recipients (MemoryRepository): listing, removing, and who is connected. */
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
   * Whether one of the two shares a memory with the other, or both are members of one journal (who may see each
   * other's names on its members and memories); each side starts from an index on the recipient or the member.
   */
  async connected(userId: string, otherUserId: string): Promise<boolean> {
    const sharedBy = (author: string, recipient: string) =>
      this.db
        .selectFrom('memory.memory_shares as s')
        .innerJoin('memory.memories as m', 'm.id', 's.memoryId')
        .where('s.userId', '=', recipient)
        .where('m.userId', '=', author)
        .select('s.memoryId');
    const { connected } = await this.db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(sharedBy(userId, otherUserId)),
            eb.exists(sharedBy(otherUserId, userId)),
            eb.exists(
              eb
                .selectFrom('memory.journal_members as mine')
                .innerJoin('memory.journal_members as theirs', 'theirs.journalId', 'mine.journalId')
                .where('mine.userId', '=', userId)
                .where('theirs.userId', '=', otherUserId)
                .select('mine.journalId'),
            ),
          ])
          .as('connected'),
      )
      .executeTakeFirstOrThrow();
    return connected === true;
  }
}
