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

/**
 * Whose list: the memories a person wrote, or every memory of one journal (by any of its members) as one member reads
 * it. A journal's list answers rows only while `member` is a member of it: the check rides in the list's own statement
 * instead of a statement of its own before it (issue 37: a journal's list as fast as the person's own).
 */
export type ListScope = { owner: string } | JournalScope;
type JournalScope = { journal: string; member: string };

/** Escapes LIKE wildcards so a title filter matches the typed text literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Whether the counters the database keeps (CountMemoriesPerOwner, and AddJournals' per journal) answer a list's total:
 * no filter, isDraft, or (an owner's list) one tag with or without isDraft. Any other filter counts its rows.
 */
function countersAnswer(scope: ListScope, filter: MemoryListFilter): boolean {
  const tagsCounted = 'owner' in scope ? 1 : 0;
  return (
    !filter.title &&
    !filter.dateFrom &&
    !filter.dateBefore &&
    !filter.journalId &&
    (filter.tags?.length ?? 0) <= tagsCounted
  );
}

/** Only whose list it is (and draft or not) narrows it: one plan serves every owner or journal and page. */
function planDoesNotVary(filter: MemoryListFilter): boolean {
  return !filter.title && !filter.tags?.length && !filter.dateFrom && !filter.dateBefore && !filter.journalId;
}

/** The scope's memories matching the filter, as a condition on `m`. */
function scopeMatching(eb: Memories, scope: ListScope, filter: MemoryListFilter) {
  const conditions =
    'owner' in scope
      ? [eb('m.userId', '=', scope.owner)]
      : [
          eb('m.journalId', '=', scope.journal),
          // Uncorrelated: PostgreSQL looks the membership up once per statement, by the members' primary key.
          eb.exists(
            eb
              .selectFrom('memory.journal_members as jm')
              .select('jm.journalId')
              .where('jm.journalId', '=', scope.journal)
              .where('jm.userId', '=', scope.member),
          ),
        ];
  if (filter.journalId) conditions.push(eb('m.journalId', '=', filter.journalId));
  if (filter.title) conditions.push(eb('m.title', 'ilike', likePattern(filter.title)));
  if (filter.tags?.length) conditions.push(eb('m.tags', '@>', eb.val(filter.tags)));
  if (filter.dateFrom) conditions.push(eb('m.date', '>=', filter.dateFrom));
  if (filter.dateBefore) conditions.push(eb('m.date', '<', filter.dateBefore));
  if (filter.isDraft !== undefined) conditions.push(eb('m.isDraft', '=', filter.isDraft));
  return eb.and(conditions);
}

/** The total from the counters as a scalar sub-select, so it rides along with the page's own statement. */
function counterTotal(eb: Memories, scope: ListScope, filter: MemoryListFilter) {
  const [tag] = filter.tags ?? [];
  const counters =
    'journal' in scope
      ? eb.selectFrom('memory.journal_counts as c').where('c.journalId', '=', scope.journal)
      : tag === undefined
        ? eb.selectFrom('memory.owner_counts as c').where('c.userId', '=', scope.owner)
        : eb.selectFrom('memory.owner_tag_counts as c').where('c.userId', '=', scope.owner).where('c.tag', '=', tag);
  const count = counters.select((counter) =>
    filter.isDraft === undefined
      ? counter.ref('c.total').as('n')
      : filter.isDraft
        ? counter.ref('c.drafts').as('n')
        : counter('c.total', '-', counter.ref('c.drafts')).as('n'),
  );
  // No counter row: the owner (or journal) has no memories (with that tag).
  return eb.fn.coalesce(count, eb.lit(0)).as('total');
}

/** A list page's statement, prepared once per scope kind and filter shape; run with each call's scope. */
type PreparedPage = (
  scope: ListScope,
  limit: number,
  offset: number,
) => Promise<Awaited<ReturnType<ReturnType<MemoryRepository['pageQuery']>['execute']>>>;

/** The owner's lists, tags, views, publishing, shares and deletes (a memory's content is written by MemoryStore). */
@Injectable()
export class MemoryRepository {
  /** Prepared statements of list pages, by scope and filter shape (draft or not, order). */
  private readonly pages = new Map<string, PreparedPage>();

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
   * One page of a person's memories (or of one journal's) and the total. The page's ids come from the ordering index
   * alone (an index-only scan when the filter allows it; `(user_id, ...)` for a person, `(journal_id, ...)` for a
   * journal); only those rows are then read in full, so a deep page does not fetch and project every row it skips.
   * When the counters answer the total, it comes back with the rows as a scalar sub-select; otherwise the rows are
   * counted by a second statement alongside.
   */
  async list(scope: ListScope, filter: MemoryListFilter, page: PageWindow): Promise<RecordPage> {
    const rows = planDoesNotVary(filter)
      ? await this.preparedPage(scope, filter)(scope, page.limit, page.offset)
      : countersAnswer(scope, filter)
        ? await this.pageQuery(scope, filter, page.limit, page.offset).execute()
        : undefined;
    if (rows === undefined) {
      const [records, [{ total }]] = await Promise.all([
        this.pageQuery(scope, filter, page.limit, page.offset, false).execute(),
        this.db
          .selectFrom('memory.memories as m')
          .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
          .where((eb) => scopeMatching(eb, scope, filter))
          .execute(),
      ]);
      return { records, total };
    }
    // Each row is a record with the total beside it (never copied: see toMemory).
    if (rows.length > 0) return { records: rows, total: rows[0].total ?? 0 };
    // No rows: an empty first page is an empty list; past the end, the counter is read on its own.
    return { records: [], total: page.offset === 0 ? 0 : await this.counterTotalAlone(scope, filter) };
  }

  /**
   * What others wrote that the caller may read: memories shared with them one by one, and every other member's
   * memories in the journals they are a member of. The dashboard's "Shared with me" and a journal's view agree.
   */
  async listSharedWith(userId: string, page: PageWindow): Promise<RecordPage> {
    const shared = this.db
      .selectFrom('memory.memories as m')
      .where('m.userId', '<>', userId)
      .where((eb) =>
        eb.or([
          eb(
            'm.id',
            'in',
            eb.selectFrom('memory.memory_shares as sh').select('sh.memoryId').where('sh.userId', '=', userId),
          ),
          eb(
            'm.journalId',
            'in',
            eb.selectFrom('memory.journal_members as jm').select('jm.journalId').where('jm.userId', '=', userId),
          ),
        ]),
      );
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

  private preparedPage(scope: ListScope, filter: MemoryListFilter): PreparedPage {
    const shape = `${'owner' in scope ? 'owner' : 'journal'}|${filter.isDraft}|${filter.sortBy}|${filter.sortDirection}`;
    let page = this.pages.get(shape);
    if (!page) {
      page = this.preparePage('owner' in scope ? 'owner' : 'journal', filter);
      this.pages.set(shape, page);
    }
    return page;
  }

  private preparePage(kind: 'owner' | 'journal', filter: MemoryListFilter): PreparedPage {
    if (kind === 'owner') {
      const page = prepared(this.db, (owner: string, limit: number, offset: number) =>
        this.pageQuery({ owner }, filter, limit, offset),
      );
      return (scope, limit, offset) => page((scope as { owner: string }).owner, limit, offset);
    }
    const page = prepared(this.db, (journal: string, member: string, limit: number, offset: number) =>
      this.pageQuery({ journal, member }, filter, limit, offset),
    );
    return (scope, limit, offset) =>
      page((scope as JournalScope).journal, (scope as JournalScope).member, limit, offset);
  }

  /** A page of the list with the counters' total (see list). */
  private pageQuery(scope: ListScope, filter: MemoryListFilter, limit: number, offset: number, counted = true) {
    const direction = filter.sortDirection;
    const page = this.db
      .selectFrom('memory.memories as m')
      .select('m.id')
      .where((eb) => scopeMatching(eb, scope, filter))
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
      .$if(counted, (query) => query.select((eb) => counterTotal(eb, scope, filter)))
      .$call((query) =>
        filter.sortBy === 'title'
          ? query.orderBy((eb) => eb.fn('lower', ['m.title']), direction).orderBy('m.id', direction)
          : query.orderBy('m.createdAt', direction).orderBy('m.id', direction),
      );
  }

  /** The counter total on its own, for a page past the end of the list (no rows to carry it). */
  private async counterTotalAlone(scope: ListScope, filter: MemoryListFilter): Promise<number> {
    const { total } = await this.db.selectNoFrom((eb) => counterTotal(eb, scope, filter)).executeTakeFirstOrThrow();
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
