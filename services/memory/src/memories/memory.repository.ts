import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemoryChangeKind } from '@memories/contracts';
import { queryNamed } from '@memories/nest-common';
import type { MemoryListFilter, MemoryRecord, MemoryWrite, PageWindow, RecordPage } from './memory.record';

export const MEMORY_DATA_SOURCE = 'memory';

interface MemoryRow {
  id: string;
  user_id: string;
  user_email: string;
  title: string;
  date: string;
  content_json: string;
  content_html: string;
  tags: string[];
  is_draft: boolean;
  thumbnail_url: string;
  image_sources: string[];
  shared_with: string[];
  word_count: number;
  reading_time: number;
  view_count: number;
  like_count: number;
  comment_count: number;
  created_at: Date;
  updated_at: Date;
  version: number;
}

/** Every column of a memory as `toRecord` reads it (`m` is the memories table). */
const COLUMNS = `m.id, m.user_id, m.user_email, m.title, to_char(m.date, 'YYYY-MM-DD"T"HH24:MI:SS') AS date,
  m.content_json, m.content_html, m.tags, m.is_draft, m.thumbnail_url, m.image_sources, m.word_count,
  m.reading_time, m.view_count, m.like_count, m.comment_count, m.created_at, m.updated_at, m.version,
  ARRAY(SELECT s.user_id FROM memory.memory_shares s WHERE s.memory_id = m.id ORDER BY s.created_at, s.user_id) AS shared_with`;

function toRecord(row: MemoryRow): MemoryRecord {
  return {
    id: row.id,
    userId: row.user_id,
    userEmail: row.user_email,
    title: row.title,
    date: row.date,
    contentJson: row.content_json,
    contentHtml: row.content_html,
    tags: row.tags,
    isDraft: row.is_draft,
    thumbnailUrl: row.thumbnail_url,
    imageSources: row.image_sources,
    sharedWith: row.shared_with,
    wordCount: row.word_count,
    readingTime: row.reading_time,
    viewCount: row.view_count,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** Escapes LIKE wildcards so a title filter matches the typed text literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Collects positional parameters for one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Whether the counters the database keeps (see the CountMemoriesPerOwner migration) answer a list's total: no
 * filter, isDraft, one tag, or one tag with isDraft. Any other filter counts its rows.
 */
function countersAnswer(filter: MemoryListFilter): boolean {
  return !filter.title && !filter.dateFrom && !filter.dateBefore && (filter.tags?.length ?? 0) <= 1;
}

/**
 * The total from the counters as a scalar sub-select, so it rides along with the page's own statement. `$1` is the
 * owner.
 */
function counterTotal(params: Params, filter: MemoryListFilter): string {
  const column = filter.isDraft === undefined ? 'total' : filter.isDraft ? 'drafts' : 'total - drafts';
  const [tag] = filter.tags ?? [];
  // No counter row: the owner has no memories (with that tag).
  return tag === undefined
    ? `COALESCE((SELECT ${column} FROM memory.owner_counts WHERE user_id = $1), 0)`
    : `COALESCE((SELECT ${column} FROM memory.owner_tag_counts WHERE user_id = $1 AND tag = ${params.add(tag)}), 0)`;
}

/** The memory schema's tables, in SQL (the generated tsvector and array operators are PostgreSQL's own). */
@Injectable()
export class MemoryRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /** `givenId` only for an idempotent create (see idempotent-create.util); otherwise the database draws the id. */
  async insert(
    userId: string,
    userEmail: string,
    write: MemoryWrite,
    sharedWith: string[],
    givenId?: string,
  ): Promise<MemoryRecord> {
    return this.db.transaction(async (manager) => {
      const [{ id }] = (await manager.query(
        `INSERT INTO memory.memories (id, user_id, user_email, title, date, content_json, content_html, content_text, tags,
           is_draft, thumbnail_url, image_sources, word_count, reading_time)
         VALUES (COALESCE($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
        [givenId ?? null, userId, userEmail, ...this.writeValues(write)],
      )) as Array<{ id: string }>;
      await this.replaceSharesWith(manager, id, sharedWith);
      return this.requireById(manager, id);
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
    return this.db.transaction(async (manager) => {
      await manager.query(`SELECT set_config('memories.change_kind', $1, true)`, [kind]);
      const [rows] = (await manager.query(
        `UPDATE memory.memories SET title = $2, date = $3, content_json = $4, content_html = $5, content_text = $6,
           tags = $7, is_draft = $8, thumbnail_url = $9, image_sources = $10, word_count = $11, reading_time = $12,
           updated_at = now(), version = version + 1
         WHERE id = $1 AND ($13::int IS NULL OR version = $13::int)
         RETURNING id`,
        [id, ...this.writeValues(write), expectedVersion ?? null],
      )) as [unknown[], number];
      if (rows.length === 0) return undefined;
      if (sharedWith !== undefined) await this.replaceSharesWith(manager, id, sharedWith);
      return this.requireById(manager, id);
    });
  }

  /** The memory if it exists, whoever owns it; access is decided by the caller. */
  async findById(id: string): Promise<MemoryRecord | undefined> {
    const rows = await queryNamed<MemoryRow>(this.db, `SELECT ${COLUMNS} FROM memory.memories m WHERE m.id = $1`, [id]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async isSharedWith(id: string, userId: string): Promise<boolean> {
    const rows = (await this.db.query(`SELECT 1 FROM memory.memory_shares WHERE memory_id = $1 AND user_id = $2`, [
      id,
      userId,
    ])) as unknown[];
    return rows.length > 0;
  }

  async incrementViewCount(id: string): Promise<number> {
    const rows = (await this.db.query(
      `UPDATE memory.memories SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count`,
      [id],
    )) as [Array<{ view_count: number }>, number];
    return rows[0][0].view_count;
  }

  async publish(id: string): Promise<MemoryRecord> {
    await this.db.query(
      `UPDATE memory.memories SET is_draft = false, updated_at = now(), version = version + 1 WHERE id = $1`,
      [id],
    );
    return this.requireById(this.db.manager, id);
  }

  /** Deletes the memory and its history; answers every image source the memory or a kept version used. */
  async delete(id: string): Promise<string[]> {
    // One statement: the sub-select sees the versions as they were before the cascade removes them.
    const rows = (await this.db.query(
      `WITH gone AS (DELETE FROM memory.memories WHERE id = $1 RETURNING image_sources)
       SELECT DISTINCT src FROM (
         SELECT unnest(image_sources) AS src FROM gone
         UNION ALL SELECT unnest(v.image_sources) FROM memory.memory_versions v WHERE v.memory_id = $1
       ) s`,
      [id],
    )) as Array<{ src: string }>;
    return rows.map((row) => row.src);
  }

  /** A share changes what a save from an older version would overwrite (`sharedWith`), so it moves the version on. */
  async addShares(id: string, userIds: string[]): Promise<MemoryRecord> {
    return this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO memory.memory_shares (memory_id, user_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [id, userIds],
      );
      await manager.query(`UPDATE memory.memories SET version = version + 1 WHERE id = $1`, [id]);
      return this.requireById(manager, id);
    });
  }

  async listOwned(userId: string, filter: MemoryListFilter, page: PageWindow): Promise<RecordPage> {
    const params = new Params();
    const where = [`m.user_id = ${params.add(userId)}`];
    if (filter.title) where.push(`m.title ILIKE ${params.add(likePattern(filter.title))}`);
    if (filter.tags?.length) where.push(`m.tags @> ${params.add(filter.tags)}::text[]`);
    if (filter.dateFrom) where.push(`m.date >= ${params.add(filter.dateFrom)}::timestamp`);
    if (filter.dateBefore) where.push(`m.date < ${params.add(filter.dateBefore)}::timestamp`);
    if (filter.isDraft !== undefined) where.push(`m.is_draft = ${params.add(filter.isDraft)}`);
    const direction = filter.sortDirection === 'asc' ? 'ASC' : 'DESC';
    const order =
      filter.sortBy === 'title'
        ? `lower(m.title) ${direction}, m.id ${direction}`
        : `m.created_at ${direction}, m.id ${direction}`;
    const counted = countersAnswer(filter)
      ? { sql: counterTotal(params, filter), alone: () => this.readCounterTotal(userId, filter) }
      : undefined;
    // Only the owner (and draft or not) narrows the list: one plan serves every owner and page (see queryNamed).
    const named = !filter.title && !filter.tags?.length && !filter.dateFrom && !filter.dateBefore;
    return this.page(`FROM memory.memories m WHERE ${where.join(' AND ')}`, order, params, page, counted, named);
  }

  /** The counter total on its own, for a page past the end of the list (no rows to carry it). */
  private async readCounterTotal(userId: string, filter: MemoryListFilter): Promise<number> {
    const params = new Params();
    params.add(userId);
    const [{ total }] = (await this.db.query(
      `SELECT ${counterTotal(params, filter)}::int AS total`,
      params.values,
    )) as Array<{
      total: number;
    }>;
    return total;
  }

  async listSharedWith(userId: string, page: PageWindow): Promise<RecordPage> {
    const params = new Params();
    const from = `FROM memory.memories m JOIN memory.memory_shares sh ON sh.memory_id = m.id
      WHERE sh.user_id = ${params.add(userId)}`;
    return this.page(from, 'm.created_at DESC, m.id DESC', params, page);
  }

  async distinctTags(userId: string): Promise<string[]> {
    // The tag counters hold exactly the tags at least one of the owner's memories carries.
    const rows = (await this.db.query(`SELECT tag FROM memory.owner_tag_counts WHERE user_id = $1 ORDER BY tag`, [
      userId,
    ])) as Array<{ tag: string }>;
    return rows.map((row) => row.tag);
  }

  /**
   * One page of rows and the total. The page's ids come from the ordering index alone (an index-only scan when
   * the filter allows it); only those rows are then read in full, so a deep page does not fetch and project every
   * row it skips. A `counted` total (a scalar sub-select on the counters) comes back with the rows, in the same
   * statement; otherwise the rows are counted by a second statement alongside.
   */
  private async page(
    from: string,
    order: string,
    params: Params,
    page: PageWindow,
    counted?: { sql: string; alone: () => Promise<number> },
    named = false,
  ): Promise<RecordPage> {
    const filterValues = [...params.values];
    const limit = params.add(page.limit);
    const offset = params.add(page.offset);
    const sql = `SELECT ${COLUMNS}${counted ? `, ${counted.sql}::int AS total` : ''}
       FROM (SELECT m.id ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p
       JOIN memory.memories m ON m.id = p.id ORDER BY ${order}`;
    const rowsQuery = (named ? queryNamed(this.db, sql, params.values) : this.db.query(sql, params.values)) as Promise<
      Array<MemoryRow & { total?: number }>
    >;
    if (!counted) {
      const [rows, [{ total }]] = await Promise.all([
        rowsQuery,
        this.db.query(`SELECT count(*)::int AS total ${from}`, filterValues) as Promise<Array<{ total: number }>>,
      ]);
      return { records: rows.map(toRecord), total };
    }
    const rows = await rowsQuery;
    if (rows.length > 0) return { records: rows.map(toRecord), total: rows[0].total ?? 0 };
    // No rows: an empty first page is an empty list; past the end, the counter is read on its own.
    return { records: [], total: page.offset === 0 ? 0 : await counted.alone() };
  }

  private writeValues(write: MemoryWrite): unknown[] {
    return [
      write.title,
      write.date,
      write.contentJson,
      write.contentHtml,
      write.contentText,
      write.tags,
      write.isDraft,
      write.thumbnailUrl,
      write.imageSources,
      write.wordCount,
      write.readingTime,
    ];
  }

  private async replaceSharesWith(manager: DataSource['manager'], id: string, userIds: string[]): Promise<void> {
    await manager.query(`DELETE FROM memory.memory_shares WHERE memory_id = $1 AND NOT (user_id = ANY($2::text[]))`, [
      id,
      userIds,
    ]);
    if (userIds.length > 0) {
      await manager.query(
        `INSERT INTO memory.memory_shares (memory_id, user_id) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
        [id, userIds],
      );
    }
  }

  private async requireById(manager: DataSource['manager'], id: string): Promise<MemoryRecord> {
    const rows = (await manager.query(`SELECT ${COLUMNS} FROM memory.memories m WHERE m.id = $1`, [id])) as MemoryRow[];
    return toRecord(rows[0]);
  }
}

// The row shape and mapping of a full memory, for the other repositories of this schema that answer memories.
export { COLUMNS as MEMORY_COLUMNS, Params as SqlParams, toRecord as toMemoryRecord };
export type { MemoryRow };
