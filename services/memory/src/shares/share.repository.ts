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
   * Whether `otherUserId` shared something with `userId`: only what someone shared with you introduces them (a share
   * you make is no introduction, or sharing a note with anyone's address would show you their profile). That is a
   * memory they shared with you, a journal of theirs you are a member of, or a memory they wrote in a journal you are a
   * member of (being added to the same journal by its owner is no introduction: the owner chooses the members). Each
   * part starts from an index on the recipient or the member.
   */
  async connected(userId: string, otherUserId: string): Promise<boolean> {
    const { connected } = await this.db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('memory.memory_shares as s')
                .innerJoin('memory.memories as m', 'm.id', 's.memoryId')
                .where('s.userId', '=', userId)
                .where('m.userId', '=', otherUserId)
                .select('s.memoryId'),
            ),
            eb.exists(
              eb
                .selectFrom('memory.journal_members as mine')
                .innerJoin('memory.journal_members as theirs', 'theirs.journalId', 'mine.journalId')
                .where('mine.userId', '=', userId)
                .where('theirs.userId', '=', otherUserId)
                .where('theirs.role', '=', 'owner')
                .select('mine.journalId'),
            ),
            eb.exists(
              eb
                .selectFrom('memory.journal_members as mine')
                .innerJoin('memory.memories as m', 'm.journalId', 'mine.journalId')
                .where('mine.userId', '=', userId)
                .where('m.userId', '=', otherUserId)
                .select('m.id'),
            ),
          ])
          .as('connected'),
      )
      .executeTakeFirstOrThrow();
    return connected === true;
  }
}
