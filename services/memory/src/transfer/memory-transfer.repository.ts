import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ImportedCounts } from '@memories/contracts';
import { MEMORY_COLUMNS, MEMORY_DATA_SOURCE, toMemoryRecord, type MemoryRow } from '../memories/memory.repository';
import type { MemoryRecord, MemoryWrite } from '../memories/memory.record';

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

const INSERT_COLUMNS = [
  'id',
  'user_id',
  'user_email',
  'title',
  'date',
  'content_json',
  'content_html',
  'content_text',
  'tags',
  'is_draft',
  'thumbnail_url',
  'image_sources',
  'word_count',
  'reading_time',
  'created_at',
  'updated_at',
  'view_count',
  'like_count',
  'comment_count',
];

/** The memory tables as a whole journal moves out and in: keyset pages, and whole import pages in one statement. */
@Injectable()
export class MemoryTransferRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

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
    const params: unknown[] = [userId, limit, maxBytes];
    const afterClause = after ? `AND (m.created_at, m.id) > ($4::timestamptz, $5::uuid)` : '';
    if (after) params.push(after.createdAt, after.id);
    const rows = (await this.db.query(
      `WITH next AS (
         SELECT m.id, m.created_at,
           sum(octet_length(m.content_json) + octet_length(m.content_html)) OVER (ORDER BY m.created_at, m.id) AS running,
           row_number() OVER (ORDER BY m.created_at, m.id) AS position
         FROM memory.memories m
         WHERE m.user_id = $1 ${afterClause}
         ORDER BY m.created_at, m.id
         LIMIT $2
       )
       SELECT ${MEMORY_COLUMNS}, to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position_created_at
       FROM next n JOIN memory.memories m ON m.id = n.id
       WHERE n.running <= $3 OR n.position = 1
       ORDER BY m.created_at, m.id`,
      params,
    )) as Array<MemoryRow & { position_created_at: string }>;
    return rows.map((row) => ({
      record: toMemoryRecord(row),
      position: { createdAt: row.position_created_at, id: row.id },
    }));
  }

  /** The ids among `ids` that are memories of the owner. */
  async ownedIds(userId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = (await this.db.query(`SELECT id FROM memory.memories WHERE user_id = $1 AND id = ANY($2::uuid[])`, [
      userId,
      ids,
    ])) as Array<{
      id: string;
    }>;
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Inserts a page of imported memories in one statement and transaction, with their shares; an id that exists
   * already (the same entry imported at the same moment by a retried job) is left as it is. Answers the ids inserted.
   */
  async insertImported(userId: string, userEmail: string, rows: ImportedRow[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    return this.db.transaction(async (manager) => {
      const values: unknown[] = [];
      const tuples = rows.map((row) => {
        const start = values.length;
        values.push(
          row.id,
          userId,
          userEmail,
          row.write.title,
          row.write.date,
          row.write.contentJson,
          row.write.contentHtml,
          row.write.contentText,
          row.write.tags,
          row.write.isDraft,
          row.write.thumbnailUrl,
          row.write.imageSources,
          row.write.wordCount,
          row.write.readingTime,
          row.createdAt ?? null,
          row.updatedAt ?? null,
          row.counts?.viewCount ?? 0,
          row.counts?.likeCount ?? 0,
          row.counts?.commentCount ?? 0,
        );
        const at = (offset: number) => `$${start + offset}`;
        return `(${at(1)}::uuid, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}::timestamp, ${at(6)}, ${at(7)}, ${at(8)}, ${at(9)}::text[], ${at(10)}::boolean,
          ${at(11)}, ${at(12)}::text[], ${at(13)}::int, ${at(14)}::int, COALESCE(${at(15)}::timestamptz, now()),
          COALESCE(${at(16)}::timestamptz, ${at(15)}::timestamptz, now()), ${at(17)}::int, ${at(18)}::int, ${at(19)}::int)`;
      });
      const inserted = (await manager.query(
        `INSERT INTO memory.memories (${INSERT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        values,
      )) as Array<{ id: string }>;
      const created = new Set(inserted.map((row) => row.id));
      const shares = rows
        .filter((row) => created.has(row.id))
        .flatMap((row) => row.sharedWith.map((recipient) => [row.id, recipient]));
      if (shares.length > 0) {
        await manager.query(
          `INSERT INTO memory.memory_shares (memory_id, user_id)
           SELECT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING`,
          [shares.map(([memoryId]) => memoryId), shares.map(([, recipient]) => recipient)],
        );
      }
      return created;
    });
  }
}
