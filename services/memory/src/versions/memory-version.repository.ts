import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MemoryChangeKind } from '@memories/contracts';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';
import type { PageWindow } from '../memories/memory.record';
import type { VersionRecord, VersionSummaryRecord } from './memory-version.record';

interface SummaryRow {
  id: string;
  saved_at: Date;
  replaced_at: Date;
  replaced_by: MemoryChangeKind;
  title: string;
  is_draft: boolean;
  word_count: number;
  word_count_delta: number | null;
}

interface ContentColumns {
  title: string;
  date: string;
  content_text: string;
  tags: string[];
  is_draft: boolean;
  thumbnail_url: string;
  word_count: number;
}

type VersionRow = SummaryRow &
  ContentColumns & { memory_id: string; content_json: string } & {
    [K in keyof ContentColumns as `current_${K}`]: ContentColumns[K];
  };

const DATE = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/** Words gained against the version kept just before `v` (null for the oldest kept one). */
const WORD_COUNT_DELTA = `v.word_count - lag(v.word_count) OVER (PARTITION BY v.memory_id ORDER BY v.replaced_at, v.id)`;

const toSummary = (row: SummaryRow): VersionSummaryRecord => ({
  id: row.id,
  savedAt: row.saved_at,
  replacedAt: row.replaced_at,
  replacedBy: row.replaced_by,
  title: row.title,
  isDraft: row.is_draft,
  wordCount: row.word_count,
  wordCountDelta: row.word_count_delta,
});

/** The kept versions of a memory (written only by the KeepMemoryVersions trigger; read here). */
@Injectable()
export class MemoryVersionRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /** Newest first, one page, with the total count of kept versions. */
  async list(memoryId: string, page: PageWindow): Promise<{ records: VersionSummaryRecord[]; total: number }> {
    const rows = (await this.db.query(
      `SELECT * FROM (
         SELECT v.id, v.saved_at, v.replaced_at, v.replaced_by, v.title, v.is_draft, v.word_count,
           ${WORD_COUNT_DELTA} AS word_count_delta, count(*) OVER ()::int AS total
         FROM memory.memory_versions v WHERE v.memory_id = $1
       ) v ORDER BY v.replaced_at DESC, v.id DESC LIMIT $2 OFFSET $3`,
      [memoryId, page.limit, page.offset],
    )) as Array<SummaryRow & { total: number }>;
    if (rows.length > 0 || page.offset === 0) return { records: rows.map(toSummary), total: rows[0]?.total ?? 0 };
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM memory.memory_versions WHERE memory_id = $1`,
      [memoryId],
    )) as Array<{ total: number }>;
    return { records: [], total };
  }

  /** One version of the memory (undefined when the memory has no such version), with the memory as it is now. */
  async find(memoryId: string, versionId: string): Promise<VersionRecord | undefined> {
    const rows = (await this.db.query(
      `SELECT v.id, v.memory_id, v.saved_at, v.replaced_at, v.replaced_by, v.title, ${DATE('v.date')} AS date, v.content_json,
         v.content_text, v.tags, v.is_draft, v.thumbnail_url, v.word_count, v.word_count_delta,
         m.title AS current_title, ${DATE('m.date')} AS current_date, m.content_text AS current_content_text,
         m.tags AS current_tags, m.is_draft AS current_is_draft, m.thumbnail_url AS current_thumbnail_url,
         m.word_count AS current_word_count
       FROM (
         SELECT v.*, ${WORD_COUNT_DELTA} AS word_count_delta FROM memory.memory_versions v WHERE v.memory_id = $1
       ) v JOIN memory.memories m ON m.id = v.memory_id
       WHERE v.id = $2`,
      [memoryId, versionId],
    )) as VersionRow[];
    const row = rows[0];
    if (!row) return undefined;
    return {
      ...toSummary(row),
      memoryId: row.memory_id,
      contentJson: row.content_json,
      title: row.title,
      date: row.date,
      contentText: row.content_text,
      tags: row.tags,
      isDraft: row.is_draft,
      thumbnailUrl: row.thumbnail_url,
      wordCount: row.word_count,
      current: {
        title: row.current_title,
        date: row.current_date,
        contentText: row.current_content_text,
        tags: row.current_tags,
        isDraft: row.current_is_draft,
        thumbnailUrl: row.current_thumbnail_url,
        wordCount: row.current_word_count,
      },
    };
  }

  /** The newest kept version's id, if any. */
  async newestId(memoryId: string): Promise<string | undefined> {
    const rows = (await this.db.query(
      `SELECT id FROM memory.memory_versions WHERE memory_id = $1 ORDER BY replaced_at DESC, id DESC LIMIT 1`,
      [memoryId],
    )) as Array<{ id: string }>;
    return rows[0]?.id;
  }
}
