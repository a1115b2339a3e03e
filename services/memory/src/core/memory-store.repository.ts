import { Injectable } from '@nestjs/common';
import { sql, type Transaction } from 'kysely';
import type { MemoryChangeKind } from '@memories/contracts';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import { MEMORY_RECORD_COLUMNS, SHARED_WITH, type MemoryRecord, type MemoryWrite } from './memory.record';

/** Where a memory's content is written and read whole: creates, saves and restores all go through here. */
@Injectable()
export class MemoryStore {
  private readonly byId;

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {
    this.byId = prepared(db, (id: string) => selectRecords(db).where('m.id', '=', id));
  }

  /** `givenId` only for an idempotent create (see idempotent-create.util); otherwise the database draws the id. */
  async insert(
    userId: string,
    userEmail: string,
    write: MemoryWrite,
    sharedWith: string[],
    givenId?: string,
  ): Promise<MemoryRecord> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('memory.memories')
        .values({ ...write, ...(givenId === undefined ? {} : { id: givenId }), userId, userEmail })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.replaceSharesWith(trx, id, sharedWith);
      return this.requireById(trx, id);
    });
  }

  /**
   * The one update of a memory's content, written only if the memory still has `expectedVersion` (any version when
   * undefined), in one conditional UPDATE: of concurrent saves from the same version exactly one matches, the others
   * wait for its row lock and then find the version moved on. Undefined when nothing was written (another save came
   * first, or the memory is gone). `kind` tells the version-history trigger (KeepMemoryVersions migration) what
   * replaced the current state; it lives for this transaction only.
   */
  async update(
    id: string,
    write: MemoryWrite,
    sharedWith: string[] | undefined,
    kind: MemoryChangeKind,
    expectedVersion?: number,
  ): Promise<MemoryRecord | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('memories.change_kind', ${kind}, true)`.execute(trx);
      const updated = await trx
        .updateTable('memory.memories')
        .set((eb) => ({ ...write, updatedAt: sql`now()`, version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .$if(expectedVersion !== undefined, (query) => query.where('version', '=', expectedVersion ?? 0))
        .returning('id')
        .executeTakeFirst();
      if (!updated) return undefined;
      if (sharedWith !== undefined) await this.replaceSharesWith(trx, id, sharedWith);
      return this.requireById(trx, id);
    });
  }

  /** The memory if it exists, whoever owns it: only for ids the caller's own (idempotent create); see MemoryAccess. */
  async findById(id: string): Promise<MemoryRecord | undefined> {
    const [record] = await this.byId(id);
    return record;
  }

  private async replaceSharesWith(trx: Transaction<MemoryTables>, id: string, userIds: string[]): Promise<void> {
    await trx
      .deleteFrom('memory.memory_shares')
      .where('memoryId', '=', id)
      .$if(userIds.length > 0, (query) => query.where('userId', 'not in', userIds))
      .execute();
    if (userIds.length === 0) return;
    await trx
      .insertInto('memory.memory_shares')
      .values(userIds.map((userId) => ({ memoryId: id, userId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  private requireById(db: MemoryDb, id: string): Promise<MemoryRecord> {
    return selectRecords(db).where('m.id', '=', id).executeTakeFirstOrThrow();
  }
}

function selectRecords(db: MemoryDb) {
  return db.selectFrom('memory.memories as m').select(MEMORY_RECORD_COLUMNS).select(SHARED_WITH);
}
