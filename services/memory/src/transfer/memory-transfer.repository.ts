import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ImportedCounts } from '@memories/contracts';
import { MEMORY_RECORD_COLUMNS, SHARED_WITH, type MemoryRecord, type MemoryWrite } from '../core/memory.record';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

/** Where a page continues: the exact PostgreSQL timestamp (microseconds, which a JS Date would lose) and the id. */
export interface ExportPosition {
  createdAt: string;
  id: string;
}

/** One memory of an import page, ready to insert. */
export interface ImportedRow {
  id: string;
  write: MemoryWrite;
  sharedWith: string[];
  createdAt?: Date;
  updatedAt?: Date;
  counts?: ImportedCounts;
}

/** The memory tables as a whole journal moves out and in: keyset pages, and whole import pages in one statement. */
@Injectable()
export class MemoryTransferRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  /**
   * The owner's next memories after `after`, oldest first, at most `limit` of them and, past the first, no more
   * than `maxBytes` of content: keyset paging on the owner's (created_at, id) index, so the last page of a large
   * journal costs what the first does.
   */
  async pageAfter(
    userId: string,
    after: ExportPosition | undefined,
    limit: number,
    maxBytes: number,
  ): Promise<Array<{ record: MemoryRecord; position: ExportPosition }>> {
    const rows = await this.db
      .with('next', (db) =>
        db
          .selectFrom('memory.memories as m')
          .select([
            'm.id',
            'm.createdAt',
            sql<number>`sum(octet_length(m.content_json) + octet_length(m.content_html)) OVER (
              ORDER BY m.created_at, m.id
            )`.as('running'),
            sql<number>`row_number() OVER (ORDER BY m.created_at, m.id)`.as('position'),
          ])
          .where('m.userId', '=', userId)
          // As text: a JS Date would lose the microseconds.
          .$if(after !== undefined, (query) =>
            query.where(sql<boolean>`(m.created_at, m.id) > (${after?.createdAt}::timestamptz, ${after?.id}::uuid)`),
          )
          .orderBy('m.createdAt')
          .orderBy('m.id')
          .limit(limit),
      )
      .selectFrom('next as n')
      .innerJoin('memory.memories as m', 'm.id', 'n.id')
      .select(MEMORY_RECORD_COLUMNS)
      .select(SHARED_WITH)
      // The exact timestamp (microseconds, which a JS Date would lose).
      .select(sql<string>`to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('positionAt'))
      .where((eb) => eb.or([eb('n.running', '<=', maxBytes), eb('n.position', '=', 1)]))
      .orderBy('m.createdAt')
      .orderBy('m.id')
      .execute();
    return rows.map((row) => ({ record: row, position: { createdAt: row.positionAt, id: row.id } }));
  }

  /** The ids among `ids` that are memories of the owner. */
  async ownedIds(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('memory.memories')
      .select('id')
      .where('userId', '=', userId)
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Inserts a page of imported memories in one statement and transaction, with their shares; an id that exists
   * already (the same entry imported at the same moment by a retried job) is left as it is. Answers the ids inserted.
   */
  async insertImported(userId: string, userEmail: string, rows: ImportedRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('memory.memories')
        .values(
          rows.map((row) => ({
            ...row.write,
            id: row.id,
            userId,
            userEmail,
            createdAt: row.createdAt ?? sql<Date>`now()`,
            updatedAt: row.updatedAt ?? row.createdAt ?? sql<Date>`now()`,
            viewCount: row.counts?.viewCount ?? 0,
            likeCount: row.counts?.likeCount ?? 0,
            commentCount: row.counts?.commentCount ?? 0,
          })),
        )
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .execute();
      const created = new Set(inserted.map((row) => row.id));
      const shares = rows
        .filter((row) => created.has(row.id))
        .flatMap((row) => row.sharedWith.map((recipient) => ({ memoryId: row.id, userId: recipient })));
      if (shares.length > 0) {
        await trx
          .insertInto('memory.memory_shares')
          .values(shares)
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return created;
    });
  }
}
