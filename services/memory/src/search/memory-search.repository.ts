import { Injectable } from '@nestjs/common';
import { sql, type QueryCreator, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import {
  SEARCH_RESULT_LIMIT,
  type MemorySearchSortField,
  type MoodRange,
  type SortDirection,
} from '@memories/contracts';
import { MEMORY_RECORD_COLUMNS, SHARED_WITH, type MemoryRecord, type PageWindow } from '../core/memory.record';
import { InjectMemoryDb, compiledPerShape, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import {
  FRAGMENT_HEADLINE_OPTIONS,
  MATCH_END,
  MATCH_START,
  PLAIN_SNIPPET_LENGTH,
  TEXT_EDGE_LENGTH,
  WHOLE_HEADLINE_OPTIONS,
  WHOLE_TEXT_WORDS,
} from './search-highlight.util';

/** The text search configuration of the memories' search vector (see the SearchInAnyLanguage migration). */
const CONFIG = sql.raw(`'memory.search_words'::regconfig`);
/** ts_headline reads at most this much of a text: the snippet of a very long memory costs a bounded parse. */
const HEADLINE_TEXT_LENGTH = 50_000;
/** Each token of `words` (`q.token`) with its lexemes as the memories' vectors have them (`l.lexemes`). */
const tokenLexemes = (words: string[]) => sql`unnest(${words}::text[]) AS q(token)
  CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector(${CONFIG}, q.token)) AS lexemes) l`;
/** Most other forms of one word added to a search. */
const MAX_VARIANTS = 8;

/** What the service asks for, every value already checked and normalised (dates as `yyyy-MM-ddTHH:mm:ss`). */
export interface SearchCriteria {
  /** A `to_tsquery` text (see search-tsquery), or undefined for a search by filters only. */
  tsquery?: string;
  /**
   * Only these journals' memories, by any of `authorIds` (their members): a search of journals instead of the
   * caller's own memories. The authors let the `(user_id, search_vector)` index serve it too.
   */
  journals?: { journalIds: string[]; authorIds: string[] };
  tags: string[];
  excludedTags: string[];
  /** Inclusive lower and exclusive upper bound of the memory's date. */
  dateFrom?: string;
  dateBefore?: string;
  isDraft?: boolean;
  hasImage?: boolean;
  /** The memory has a mood from `atLeast` to `atMost` (so none without a mood). */
  mood?: MoodRange;
  sortBy: MemorySearchSortField;
  sortDirection: SortDirection;
}

export interface SearchHitRecord {
  record: MemoryRecord;
  /**
   * ts_headline's snippet with MATCH_START/MATCH_END around the matches (the plain start of the text without a query).
   */
  headline: string;
  textHead: string;
  textTail: string;
}

export interface SearchResult {
  hits: SearchHitRecord[];
  /** Matches considered, at most SEARCH_RESULT_LIMIT + 1 (one more than considered means there were more). */
  matches: number;
}

type Memories = ExpressionBuilder<MemoryTables & { m: MemoryTables['memory.memories'] }, 'm'>;
type Direction = 'asc' | 'desc';
/** An order as (expression, direction) pairs over a table alias (`m` the memories, else a step of the search). */
type Order = (alias: string) => Array<[RawBuilder<unknown>, Direction]>;

/** What the text of a search statement depends on: which criteria it has and how it sorts, never their values. */
interface SearchShape {
  query: boolean;
  /** Memories of the criteria's journals (by their members) instead of the caller's own. */
  journals: boolean;
  tags: boolean;
  excludedTags: boolean;
  dateFrom: boolean;
  dateBefore: boolean;
  isDraft: boolean;
  /** With images (true), without (false), either (undefined). */
  hasImage?: boolean;
  mood: boolean;
  sortBy: MemorySearchSortField;
  sortDirection: SortDirection;
}

/** The values of a search statement, each one parameter of it. */
type SearchValues = Pick<
  SearchCriteria,
  'tsquery' | 'tags' | 'excludedTags' | 'dateFrom' | 'dateBefore' | 'isDraft'
> & {
  userId: string;
  /** With `journals` in the shape: the journals searched, and their members (each one array parameter). */
  journalIds?: string[];
  authorIds?: string[];
  moodAtLeast?: number;
  moodAtMost?: number;
  limit: number;
  offset: number;
};

function shapeOf(criteria: SearchCriteria): SearchShape {
  return {
    query: criteria.tsquery !== undefined,
    journals: criteria.journals !== undefined,
    tags: criteria.tags.length > 0,
    excludedTags: criteria.excludedTags.length > 0,
    dateFrom: criteria.dateFrom !== undefined,
    dateBefore: criteria.dateBefore !== undefined,
    isDraft: criteria.isDraft !== undefined,
    hasImage: criteria.hasImage,
    mood: criteria.mood !== undefined,
    sortBy: criteria.sortBy,
    sortDirection: criteria.sortDirection,
  };
}

function valuesOf(userId: string, criteria: SearchCriteria, page: PageWindow): SearchValues {
  return {
    userId,
    tsquery: criteria.tsquery,
    journalIds: criteria.journals?.journalIds,
    authorIds: criteria.journals?.authorIds,
    tags: criteria.tags,
    excludedTags: criteria.excludedTags,
    dateFrom: criteria.dateFrom,
    dateBefore: criteria.dateBefore,
    isDraft: criteria.isDraft,
    moodAtLeast: criteria.mood?.atLeast,
    moodAtMost: criteria.mood?.atMost,
    limit: page.limit,
    offset: page.offset,
  };
}

/** The order that picks the considered matches (over the table), and the order of the page (over the candidates). */
function orders(shape: SearchShape): { candidates: Order; page: Order } {
  const direction = shape.sortDirection;
  const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);
  const newest: Order = (alias) => [
    [column(alias, 'createdAt'), 'desc'],
    [column(alias, 'id'), 'desc'],
  ];
  if (shape.sortBy === 'relevance' && shape.query) {
    // The newest matches are considered, then ranked among themselves.
    return { candidates: newest, page: (alias) => [[column(alias, 'score'), 'desc'], ...newest(alias)] };
  }
  // Titles sort without case, as the owner's title index does (lower(title), id).
  const key = (alias: string) =>
    ({
      relevance: column(alias, 'createdAt'),
      createdAt: column(alias, 'createdAt'),
      date: column(alias, 'date'),
      title: alias === 'm' ? sql`lower(m.title)` : column(alias, 'titleKey'),
    })[shape.sortBy];
  const by: Order = (alias) => [
    [key(alias), direction],
    [column(alias, 'id'), direction],
  ];
  return { candidates: by, page: by };
}

function ordered<Q extends { orderBy(expression: RawBuilder<unknown>, direction: Direction): Q }>(
  query: Q,
  order: Array<[RawBuilder<unknown>, Direction]>,
): Q {
  return order.reduce((sorted, [expression, direction]) => sorted.orderBy(expression, direction), query);
}

/**
 * A value the shape says the search has. While the statement is compiled every value is a stand-in (see
 * compiledPerShape), so an optional one is only read where the shape has it.
 */
const given = <T>(value: T | undefined) => value as T;

/** The owner's memories (or the journals' of the criteria) that match the criteria, as a condition on `m`. */
function matching(eb: Memories, shape: SearchShape, values: SearchValues, query?: RawBuilder<unknown>) {
  const conditions: Array<Expression<SqlBool>> = shape.journals
    ? [
        eb('m.userId', '=', eb.fn.any(eb.val(given(values.authorIds)))),
        eb('m.journalId', '=', eb.fn.any(eb.val(given(values.journalIds)))),
      ]
    : [eb('m.userId', '=', values.userId)];
  if (query) conditions.push(sql<boolean>`m.search_vector @@ ${query}`);
  if (shape.tags) conditions.push(eb('m.tags', '@>', eb.val(values.tags)));
  if (shape.excludedTags) conditions.push(eb.not(eb('m.tags', '&&', eb.val(values.excludedTags))));
  if (shape.dateFrom) conditions.push(eb('m.date', '>=', given(values.dateFrom)));
  if (shape.dateBefore) conditions.push(eb('m.date', '<', given(values.dateBefore)));
  if (shape.isDraft) conditions.push(eb('m.isDraft', '=', given(values.isDraft)));
  if (shape.hasImage !== undefined) {
    conditions.push(sql<boolean>`cardinality(m.image_sources) ${sql.raw(shape.hasImage ? '>' : '=')} 0`);
  }
  if (shape.mood) conditions.push(sql<boolean>`m.mood BETWEEN ${values.moodAtLeast} AND ${values.moodAtMost}`);
  return eb.and(conditions);
}

/** The first SEARCH_RESULT_LIMIT + 1 matches in the candidate order, only their keys (from the indexes where it can). */
function candidatesOf(db: QueryCreator<MemoryTables>, shape: SearchShape, values: SearchValues) {
  const query = shape.query ? tsQueryOf(values) : undefined;
  return ordered(
    db
      .selectFrom('memory.memories as m')
      .select(['m.id', 'm.createdAt', 'm.date', sql<string>`lower(m.title)`.as('titleKey'), 'm.searchVector'])
      .where((eb) => matching(eb, shape, values, query)),
    orders(shape).candidates('m'),
  ).limit(SEARCH_RESULT_LIMIT + 1);
}

const tsQueryOf = (values: SearchValues) => sql`to_tsquery(${CONFIG}, ${values.tsquery})`;

/** Full-text search over the owner's memories, and the owner's own words (see the CountOwnerWords migration). */
@Injectable()
export class MemorySearchRepository {
  private readonly searchStatement;
  private readonly countStatement;
  private readonly variantsStatement;

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {
    // Planned for each call's words (the best plan of a search depends on how common they are), built once per shape.
    this.searchStatement = compiledPerShape(db, (shape: SearchShape, values: SearchValues) =>
      this.searchOf(shape, values),
    );
    this.countStatement = compiledPerShape(db, (shape: SearchShape, values: SearchValues) =>
      db
        .selectFrom(candidatesOf(db, shape, values).as('c'))
        .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('matches')),
    );
    // By the owner's word list's index whatever the words: one plan, kept.
    this.variantsStatement = prepared(
      db,
      (userId: string, words: string[]) => sql<{ token: string; word: string }>`SELECT q.token, v.word
      FROM ${tokenLexemes(words)}
      CROSS JOIN LATERAL (
        SELECT w.word FROM memory.owner_words w
        WHERE w.user_id = ${userId} AND cardinality(l.lexemes) = 1
          AND w.stem = (ts_lexize('english_stem', l.lexemes[1]))[1] AND w.word <> l.lexemes[1]
        ORDER BY w.memories DESC, w.word LIMIT ${sql.lit(MAX_VARIANTS)}
      ) v`,
    );
  }

  /**
   * One statement: the first SEARCH_RESULT_LIMIT + 1 matches in the candidate order (only their keys, from the
   * indexes where the plan allows), ranked when sorting by relevance, one page of them read in full with its
   * snippet, and the number of matches; a page past the end still answers that number (one row without a memory).
   */
  async search(userId: string, criteria: SearchCriteria, page: PageWindow): Promise<SearchResult> {
    const shape = shapeOf(criteria);
    const values = valuesOf(userId, criteria, page);
    const rows = await this.searchStatement(shape, values);
    if (rows.length === 0) {
      // No hit on this page: how many matches there are still answers "no match" from "past the last page".
      const [{ matches }] = await this.countStatement(shape, values);
      return { hits: [], matches };
    }
    const hits = rows.map((row) => ({
      record: row,
      headline: row.headline,
      textHead: row.textHead,
      textTail: row.textTail,
    }));
    return { hits, matches: rows[0].matches ?? 0 };
  }

  private searchOf(shape: SearchShape, values: SearchValues) {
    const query = shape.query ? tsQueryOf(values) : undefined;
    const order = orders(shape);
    const score = query ? sql<number>`ts_rank(c.search_vector, ${query})` : sql<number>`0`;
    // The text without the two marker characters, so that only ts_headline's markers are in a snippet.
    const text = (part: RawBuilder<string>) => sql<string>`translate(${part}, ${MATCH_START + MATCH_END}, '')`;
    // A short text whole, a longer one as fragments.
    const options = sql`CASE WHEN m.word_count <= ${sql.lit(WHOLE_TEXT_WORDS)} THEN ${WHOLE_HEADLINE_OPTIONS}
      ELSE ${FRAGMENT_HEADLINE_OPTIONS} END`;
    const headline = query
      ? sql<string>`ts_headline(${CONFIG}, ${text(sql`left(m.content_text, ${sql.lit(HEADLINE_TEXT_LENGTH)})`)}, ${query}, ${options})`
      : text(sql`left(m.content_text, ${sql.lit(PLAIN_SNIPPET_LENGTH)})`);
    return this.db
      .with(
        (cte) => cte('candidates').materialized(),
        (db) => candidatesOf(db, shape, values),
      )
      .with('page', (db) =>
        ordered(
          db
            .selectFrom((considered) =>
              ordered(
                considered
                  .selectFrom('candidates as c')
                  .select(['c.id', 'c.createdAt', 'c.date', 'c.titleKey', score.as('score')]),
                order.candidates('c'),
              )
                .limit(SEARCH_RESULT_LIMIT)
                .as('k'),
            )
            .selectAll('k'),
          order.page('k'),
        )
          .limit(values.limit)
          .offset(values.offset),
      )
      .selectFrom('page as p')
      .innerJoin('memory.memories as m', 'm.id', 'p.id')
      .select(MEMORY_RECORD_COLUMNS)
      .select(SHARED_WITH)
      .select((eb) => [
        eb
          .selectFrom('candidates')
          .select((count) => count.cast<number>(count.fn.countAll(), 'integer').as('matches'))
          .as('matches'),
        headline.as('headline'),
        text(sql`left(m.content_text, ${sql.lit(TEXT_EDGE_LENGTH)})`).as('textHead'),
        text(sql`right(m.content_text, ${sql.lit(TEXT_EDGE_LENGTH)})`).as('textTail'),
      ])
      .$call((hits) => ordered(hits, order.page('p')));
  }

  /**
   * The owner's other forms of each word (words with the same English stem), most used first, by the word as typed.
   * Only tokens that are one word are looked up.
   */
  async wordVariants(userId: string, words: string[]): Promise<Map<string, string[]>> {
    const rows = await this.variantsStatement(userId, words);
    return groupBy(
      rows,
      (row) => row.token,
      (row) => row.word,
    );
  }

  /**
   * For each word the owner never wrote, the most similar word they did (pg_trgm similarity over their word list,
   * more used first on a tie), by the word as typed. Words the owner wrote, and words with nothing similar, have none.
   */
  async closestWords(userId: string, words: string[]): Promise<Map<string, string>> {
    const { rows } = await sql<{ token: string; word: string }>`SELECT q.token, s.word
      FROM ${tokenLexemes(words)}
      CROSS JOIN LATERAL (
        SELECT w.word FROM memory.owner_words w
        WHERE w.user_id = ${userId} AND w.word OPERATOR(memory.%) l.lexemes[1]
        ORDER BY memory.similarity(w.word, l.lexemes[1]) DESC, w.memories DESC, w.word LIMIT 1
      ) s
      WHERE cardinality(l.lexemes) = 1
        AND NOT EXISTS (SELECT 1 FROM memory.owner_words k WHERE k.user_id = ${userId} AND k.word = l.lexemes[1])`.execute(
      this.db,
    );
    return new Map(rows.map((row) => [row.token, row.word]));
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string, value: (row: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), value(row)]);
  return groups;
}
