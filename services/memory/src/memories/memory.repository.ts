import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import {
  MEMORY_RECORD_COLUMNS,
  SHARED_WITH,
  type MemoryListFilter,
  type MemoryRecord,
  type PageWindow,
  type RecordPage,
} from '../core/memory.record';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';

type Memories = ExpressionBuilder<MemoryTables & { m: MemoryTables['memory.memories'] }, 'm'>;

/** Escapes LIKE wildcards so a title filter matches the typed text literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the counters the database keeps (see the CountMemoriesPerOwner migration) answer a list's total: no
 * filter, isDraft, one tag, or one tag with isDraft. Any other filter counts its rows.
 */
function countersAnswer(filter: MemoryListFilter): boolean {
  return !filter.title && !filter.dateFrom && !filter.dateBefore && (filter.tags?.length ?? 0) <= 1;
}

/** Only the owner (and draft or not) narrows the list: one plan serves every owner and page (see `prepared`). */
function planDoesNotVary(filter: MemoryListFilter): boolean {
  return !filter.title && !filter.tags?.length && !filter.dateFrom && !filter.dateBefore;
}

/** The owner's memories matching the filter, as a condition on `m`. */
function ownedMatching(eb: Memories, userId: string, filter: MemoryListFilter) {
  const conditions = [eb('m.userId', '=', userId)];
  if (filter.title) conditions.push(eb('m.title', 'ilike', likePattern(filter.title)));
  if (filter.tags?.length) conditions.push(eb('m.tags', '@>', eb.val(filter.tags)));
  if (filter.dateFrom) conditions.push(eb('m.date', '>=', filter.dateFrom));
  if (filter.dateBefore) conditions.push(eb('m.date', '<', filter.dateBefore));
  if (filter.isDraft !== undefined) conditions.push(eb('m.isDraft', '=', filter.isDraft));
  return eb.and(conditions);
}

/** The total from the counters as a scalar sub-select, so it rides along with the page's own statement. */
function counterTotal(eb: Memories, userId: string, filter: MemoryListFilter) {
  const [tag] = filter.tags ?? [];
  const counters =
    tag === undefined
      ? eb.selectFrom('memory.owner_counts as c').where('c.userId', '=', userId)
      : eb.selectFrom('memory.owner_tag_counts as c').where('c.userId', '=', userId).where('c.tag', '=', tag);
  const count = counters.select((counter) =>
    filter.isDraft === undefined
      ? counter.ref('c.total').as('n')
      : filter.isDraft
        ? counter.ref('c.drafts').as('n')
        : counter('c.total', '-', counter.ref('c.drafts')).as('n'),
  );
  // No counter row: the owner has no memories (with that tag).
  return eb.fn.coalesce(count, eb.lit(0)).as('total');
}

/** The owner's lists, tags, views, publishing, shares and deletes (a memory's content is written by MemoryStore). */
@Injectable()
export class MemoryRepository {
  /** Prepared statements of the owner's list pages, by filter shape (draft or not, order). */
  private readonly ownedPages = new Map<string, ReturnType<MemoryRepository['prepareOwnedPage']>>();

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  async incrementViewCount(id: string): Promise<number> {
    const { viewCount } = await this.db
      .updateTable('memory.memories')
      .set((eb) => ({ viewCount: eb('viewCount', '+', 1) }))
      .where('id', '=', id)
      .returning('viewCount')
      .executeTakeFirstOrThrow();
    return viewCount;
  }

  async publish(id: string): Promise<MemoryRecord> {
    await this.db
      .updateTable('memory.memories')
      .set((eb) => ({ isDraft: false, updatedAt: sql`now()`, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return this.requireById(this.db, id);
  }

  /** Deletes the memory and its history; answers every image source the memory or a kept version used. */
  async delete(id: string): Promise<string[]> {
    // One statement: the sub-select sees the versions as they were before the cascade removes them.
    const rows = await this.db
      .with('gone', (db) => db.deleteFrom('memory.memories').where('id', '=', id).returning('imageSources'))
      .selectFrom((db) =>
        db
          .selectFrom('gone')
          .select(sql<string>`unnest(gone.image_sources)`.as('src'))
          .unionAll(
            db
              .selectFrom('memory.memory_versions as v')
              .select(sql<string>`unnest(v.image_sources)`.as('src'))
              .where('v.memoryId', '=', id),
          )
          .as('s'),
      )
      .select('s.src')
      .distinct()
      .execute();
    return rows.map((row) => row.src);
  }

  /** A share changes what a save from an older version would overwrite (`sharedWith`), so it moves the version on. */
  async addShares(id: string, userIds: string[]): Promise<MemoryRecord> {
    return this.db.transaction().execute(async (trx) => {
      await this.insertShares(trx, id, userIds);
      await trx
        .updateTable('memory.memories')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', id)
        .execute();
      return this.requireById(trx, id);
    });
  }

  /**
   * One page of the owner's memories and the total. The page's ids come from the ordering index alone (an index-only
   * scan when the filter allows it); only those rows are then read in full, so a deep page does not fetch and project
   * every row it skips. When the counters answer the total, it comes back with the rows as a scalar sub-select;
   * otherwise the rows are counted by a second statement alongside.
   */
  async listOwned(userId: string, filter: MemoryListFilter, page: PageWindow): Promise<RecordPage> {
    const rows = planDoesNotVary(filter)
      ? await this.ownedPage(filter)(userId, page.limit, page.offset)
      : countersAnswer(filter)
        ? await this.ownedPageQuery(userId, filter, page.limit, page.offset).execute()
        : undefined;
    if (rows === undefined) {
      const [records, [{ total }]] = await Promise.all([
        this.ownedPageQuery(userId, filter, page.limit, page.offset, false).execute(),
        this.db
          .selectFrom('memory.memories as m')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
          .where((eb) => ownedMatching(eb, userId, filter))
          .execute(),
      ]);
      return { records, total };
    }
    // Each row is a record with the total beside it (never copied: see toMemory).
    if (rows.length > 0) return { records: rows, total: rows[0].total ?? 0 };
    // No rows: an empty first page is an empty list; past the end, the counter is read on its own.
    return { records: [], total: page.offset === 0 ? 0 : await this.counterTotalAlone(userId, filter) };
  }

  async listSharedWith(userId: string, page: PageWindow): Promise<RecordPage> {
    const shared = this.db
      .selectFrom('memory.memory_shares as sh')
      .innerJoin('memory.memories as m', 'm.id', 'sh.memoryId')
      .where('sh.userId', '=', userId);
    const [records, { total }] = await Promise.all([
      shared
        .select(MEMORY_RECORD_COLUMNS)
        .select(SHARED_WITH)
        .orderBy('m.createdAt', 'desc')
        .orderBy('m.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      shared.select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')).executeTakeFirstOrThrow(),
    ]);
    return { records, total };
  }

  async distinctTags(userId: string): Promise<string[]> {
    // The tag counters hold exactly the tags at least one of the owner's memories carries.
    const rows = await this.db
      .selectFrom('memory.owner_tag_counts')
      .select('tag')
      .where('userId', '=', userId)
      .orderBy('tag')
      .execute();
    return rows.map((row) => row.tag);
  }

  private ownedPage(filter: MemoryListFilter): ReturnType<MemoryRepository['prepareOwnedPage']> {
    const shape = `${filter.isDraft}|${filter.sortBy}|${filter.sortDirection}`;
    let page = this.ownedPages.get(shape);
    if (!page) {
      page = this.prepareOwnedPage(filter);
      this.ownedPages.set(shape, page);
    }
    return page;
  }

  private prepareOwnedPage(filter: MemoryListFilter) {
    return prepared(this.db, (userId: string, limit: number, offset: number) =>
      this.ownedPageQuery(userId, filter, limit, offset),
    );
  }

  /** A page of the owner's list with the counters' total (see listOwned). */
  private ownedPageQuery(userId: string, filter: MemoryListFilter, limit: number, offset: number, counted = true) {
    const direction = filter.sortDirection;
    const page = this.db
      .selectFrom('memory.memories as m')
      .select('m.id')
      .where((eb) => ownedMatching(eb, userId, filter))
      .$call((query) =>
        filter.sortBy === 'title'
          ? query.orderBy((eb) => eb.fn('lower', ['m.title']), direction).orderBy('m.id', direction)
          : query.orderBy('m.createdAt', direction).orderBy('m.id', direction),
      )
      .limit(limit)
      .offset(offset);
    return this.db
      .selectFrom(page.as('p'))
      .innerJoin('memory.memories as m', 'm.id', 'p.id')
      .select(MEMORY_RECORD_COLUMNS)
      .select(SHARED_WITH)
      .$if(counted, (query) => query.select((eb) => counterTotal(eb, userId, filter)))
      .$call((query) =>
        filter.sortBy === 'title'
          ? query.orderBy((eb) => eb.fn('lower', ['m.title']), direction).orderBy('m.id', direction)
          : query.orderBy('m.createdAt', direction).orderBy('m.id', direction),
      );
  }

  /** The counter total on its own, for a page past the end of the list (no rows to carry it). */
  private async counterTotalAlone(userId: string, filter: MemoryListFilter): Promise<number> {
    const { total } = await this.db.selectNoFrom((eb) => counterTotal(eb, userId, filter)).executeTakeFirstOrThrow();
    return total;
  }

  private selectRecords(db: MemoryDb) {
    return db.selectFrom('memory.memories as m').select(MEMORY_RECORD_COLUMNS).select(SHARED_WITH);
  }

  private async insertShares(db: MemoryDb, id: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await db
      .insertInto('memory.memory_shares')
      .values(userIds.map((userId) => ({ memoryId: id, userId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  private async requireById(db: MemoryDb, id: string): Promise<MemoryRecord> {
    return this.selectRecords(db).where('m.id', '=', id).executeTakeFirstOrThrow();
  }
}
