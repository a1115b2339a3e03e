import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { PageWindow } from '../core/memory.record';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';
import type { VersionRecord, VersionSummaryRecord } from './memory-version.record';

/** Words gained against the version kept just before `v` (null for the oldest kept one). */
const WORD_COUNT_DELTA = sql<number | null>`v.word_count - lag(v.word_count) OVER (
  PARTITION BY v.memory_id ORDER BY v.replaced_at, v.id
)`.as('wordCountDelta');

/** Whether a version is sealed, without reading its ciphertext: a page of the list stays small. */
const IS_SEALED = sql<boolean>`v.sealed IS NOT NULL`.as('sealed');

const SUMMARY_COLUMNS = [
  'v.id',
  'v.savedAt',
  'v.replacedAt',
  'v.replacedBy',
  'v.title',
  'v.isDraft',
  'v.wordCount',
  'v.wordCountDelta',
] as const;

/** The kept versions of a memory (written only by the KeepMemoryVersions trigger; read here). */
@Injectable()
export class MemoryVersionRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  /** Newest first, one page, with the total count of kept versions. */
  async list(memoryId: string, page: PageWindow): Promise<{ records: VersionSummaryRecord[]; total: number }> {
    const rows = await this.db
      .selectFrom((db) =>
        db
          .selectFrom('memory.memory_versions as v')
          .selectAll('v')
          .select(WORD_COUNT_DELTA)
          .select((eb) => eb.cast<number>(eb.fn.countAll().over(), 'integer').as('total'))
          .where('v.memoryId', '=', memoryId)
          .as('v'),
      )
      .select([...SUMMARY_COLUMNS, IS_SEALED, 'v.total'])
      .orderBy('v.replacedAt', 'desc')
      .orderBy('v.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    if (rows.length > 0 || page.offset === 0) {
      return { records: rows, total: rows[0]?.total ?? 0 };
    }
    const { total } = await this.db
      .selectFrom('memory.memory_versions')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
      .where('memoryId', '=', memoryId)
      .executeTakeFirstOrThrow();
    return { records: [], total };
  }

  /** One version of the memory (undefined when the memory has no such version), with the memory as it is now. */
  async find(memoryId: string, versionId: string): Promise<VersionRecord | undefined> {
    const row = await this.db
      .selectFrom((db) =>
        db
          .selectFrom('memory.memory_versions as v')
          .selectAll('v')
          .select(WORD_COUNT_DELTA)
          .where('v.memoryId', '=', memoryId)
          .as('v'),
      )
      .innerJoin('memory.memories as m', 'm.id', 'v.memoryId')
      .select([
        ...SUMMARY_COLUMNS,
        'v.memoryId',
        'v.date',
        'v.contentJson',
        'v.contentText',
        'v.tags',
        'v.thumbnailUrl',
        'v.imageSources',
        'v.sealed',
        'm.title as currentTitle',
        'm.date as currentDate',
        'm.contentText as currentContentText',
        'm.tags as currentTags',
        'm.isDraft as currentIsDraft',
        'm.thumbnailUrl as currentThumbnailUrl',
        'm.wordCount as currentWordCount',
      ])
      .where('v.id', '=', versionId)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      currentTitle,
      currentDate,
      currentContentText,
      currentTags,
      currentIsDraft,
      currentThumbnailUrl,
      currentWordCount,
      ...version
    } = row;
    return {
      ...version,
      current: {
        title: currentTitle,
        date: currentDate,
        contentText: currentContentText,
        tags: currentTags,
        isDraft: currentIsDraft,
        thumbnailUrl: currentThumbnailUrl,
        wordCount: currentWordCount,
      },
    };
  }

  /** The newest kept version's id, if any. */
  async newestId(memoryId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('memory.memory_versions')
      .select('id')
      .where('memoryId', '=', memoryId)
      .orderBy('replacedAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }
}
