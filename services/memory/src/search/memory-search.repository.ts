import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SEARCH_RESULT_LIMIT, type MemorySearchSortField, type SortDirection } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import {
  MEMORY_COLUMNS,
  MEMORY_DATA_SOURCE,
  SqlParams,
  toMemoryRecord,
  type MemoryRow,
} from '../memories/memory.repository';
import type { MemoryRecord, PageWindow } from '../memories/memory.record';
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
const CONFIG = `'memory.search_words'::regconfig`;
/** ts_headline reads at most this much of a text: the snippet of a very long memory costs a bounded parse. */
const HEADLINE_TEXT_LENGTH = 50_000;
/** Each token of `$2` (`q.token`) with its lexemes as the memories' vectors have them (`l.lexemes`). */
const TOKEN_LEXEMES = `unnest($2::text[]) AS q(token)
  CROSS JOIN LATERAL (SELECT tsvector_to_array(to_tsvector(${CONFIG}, q.token)) AS lexemes) l`;
/** Most other forms of one word added to a search. */
const MAX_VARIANTS = 8;

/** What the service asks for, every value already checked and normalised (dates as `yyyy-MM-ddTHH:mm:ss`). */
export interface SearchCriteria {
  /** A `to_tsquery` text (see search-tsquery), or undefined for a search by filters only. */
  tsquery?: string;
  tags: string[];
  excludedTags: string[];
  /** Inclusive lower and exclusive upper bound of the memory's date. */
  dateFrom?: string;
  dateBefore?: string;
  isDraft?: boolean;
  hasImage?: boolean;
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

type SearchRow = Partial<MemoryRow> & {
  matches: number;
  headline: string | null;
  text_head: string | null;
  text_tail: string | null;
};

/** The order that picks the considered matches (over the table), and the order of the page (over the candidates). */
function orders(criteria: SearchCriteria): { candidates: (alias: string) => string; page: (alias: string) => string } {
  const direction = criteria.sortDirection === 'asc' ? 'ASC' : 'DESC';
  const newest = (alias: string) => `${alias}.created_at DESC, ${alias}.id DESC`;
  if (criteria.sortBy === 'relevance' && criteria.tsquery !== undefined) {
    // The newest matches are considered, then ranked among themselves.
    return { candidates: newest, page: (alias) => `${alias}.score DESC, ${newest(alias)}` };
  }
  // Titles sort without case, as the owner's title index does (lower(title), id).
  const key = (alias: string) =>
    ({
      relevance: `${alias}.created_at`,
      createdAt: `${alias}.created_at`,
      date: `${alias}.date`,
      title: alias === 'm' ? 'lower(m.title)' : `${alias}.title_key`,
    })[criteria.sortBy];
  const by = (alias: string) => `${key(alias)} ${direction}, ${alias}.id ${direction}`;
  return { candidates: by, page: by };
}

/** Full-text search over the owner's memories, and the owner's own words (see the CountOwnerWords migration). */
@Injectable()
export class MemorySearchRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * One statement: the first SEARCH_RESULT_LIMIT + 1 matches in the candidate order (only their keys, from the
   * indexes where the plan allows), ranked when sorting by relevance, one page of them read in full with its
   * snippet, and the number of matches; a page past the end still answers that number (one row without a memory).
   */
  async search(userId: string, criteria: SearchCriteria, page: PageWindow): Promise<SearchResult> {
    const params = new SqlParams();
    const where = [`m.user_id = ${params.add(userId)}`];
    const query = criteria.tsquery === undefined ? undefined : `to_tsquery(${CONFIG}, ${params.add(criteria.tsquery)})`;
    if (query) where.push(`m.search_vector @@ ${query}`);
    if (criteria.tags.length > 0) where.push(`m.tags @> ${params.add(criteria.tags)}::text[]`);
    if (criteria.excludedTags.length > 0) where.push(`NOT (m.tags && ${params.add(criteria.excludedTags)}::text[])`);
    if (criteria.dateFrom) where.push(`m.date >= ${params.add(criteria.dateFrom)}::timestamp`);
    if (criteria.dateBefore) where.push(`m.date < ${params.add(criteria.dateBefore)}::timestamp`);
    if (criteria.isDraft !== undefined) where.push(`m.is_draft = ${params.add(criteria.isDraft)}`);
    if (criteria.hasImage !== undefined) where.push(`cardinality(m.image_sources) ${criteria.hasImage ? '>' : '='} 0`);
    const order = orders(criteria);
    const score = query ? `ts_rank(c.search_vector, ${query})` : '0';
    // The text without the two marker characters, so that only ts_headline's markers are in a snippet.
    const markers = params.add(MATCH_START + MATCH_END);
    const text = (part: string) => `translate(${part}, ${markers}, '')`;
    // A short text whole, a longer one as fragments (parameters only when there is a query: PostgreSQL refuses unused
    // ones).
    const options = () =>
      `CASE WHEN m.word_count <= ${WHOLE_TEXT_WORDS} THEN ${params.add(WHOLE_HEADLINE_OPTIONS)} ELSE ${params.add(FRAGMENT_HEADLINE_OPTIONS)} END`;
    const headline = query
      ? `ts_headline(${CONFIG}, ${text(`left(m.content_text, ${HEADLINE_TEXT_LENGTH})`)}, ${query}, ${options()})`
      : text(`left(m.content_text, ${PLAIN_SNIPPET_LENGTH})`);
    const rows = rowsOf<SearchRow>(
      await this.db.query(
        `WITH candidates AS MATERIALIZED (
           SELECT m.id, m.created_at, m.date, lower(m.title) AS title_key${query ? ', m.search_vector' : ''}
           FROM memory.memories m WHERE ${where.join(' AND ')}
           ORDER BY ${order.candidates('m')} LIMIT ${SEARCH_RESULT_LIMIT + 1}
         ), page AS (
           SELECT k.* FROM (
             SELECT c.id, c.created_at, c.date, c.title_key, ${score} AS score
             FROM candidates c ORDER BY ${order.candidates('c')} LIMIT ${SEARCH_RESULT_LIMIT}
           ) k
           ORDER BY ${order.page('k')} LIMIT ${params.add(page.limit)} OFFSET ${params.add(page.offset)}
         )
         SELECT t.matches, ${MEMORY_COLUMNS}, ${headline} AS headline,
           ${text(`left(m.content_text, ${TEXT_EDGE_LENGTH})`)} AS text_head, ${text(`right(m.content_text, ${TEXT_EDGE_LENGTH})`)} AS text_tail
         FROM (SELECT count(*)::int AS matches FROM candidates) t
         LEFT JOIN (page p JOIN memory.memories m ON m.id = p.id) ON true
         ORDER BY ${order.page('p')}`,
        params.values,
      ),
    );
    const matches = rows[0]?.matches ?? 0;
    const hits = rows
      .filter((row): row is SearchRow & MemoryRow => row.id !== null && row.id !== undefined)
      .map((row) => ({
        record: toMemoryRecord(row),
        headline: row.headline ?? '',
        textHead: row.text_head ?? '',
        textTail: row.text_tail ?? '',
      }));
    return { hits, matches };
  }

  /**
   * The owner's other forms of each word (words with the same English stem), most used first, by the word as typed.
   * Only tokens that are one word are looked up.
   */
  async wordVariants(userId: string, words: string[]): Promise<Map<string, string[]>> {
    const rows = rowsOf<{ token: string; word: string }>(
      await this.db.query(
        `SELECT q.token, v.word
         FROM ${TOKEN_LEXEMES}
         CROSS JOIN LATERAL (
           SELECT w.word FROM memory.owner_words w
           WHERE w.user_id = $1 AND cardinality(l.lexemes) = 1 AND w.stem = (ts_lexize('english_stem', l.lexemes[1]))[1]
             AND w.word <> l.lexemes[1]
           ORDER BY w.memories DESC, w.word LIMIT ${MAX_VARIANTS}
         ) v`,
        [userId, words],
      ),
    );
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
    const rows = rowsOf<{ token: string; word: string }>(
      await this.db.query(
        `SELECT q.token, s.word
         FROM ${TOKEN_LEXEMES}
         CROSS JOIN LATERAL (
           SELECT w.word FROM memory.owner_words w
           WHERE w.user_id = $1 AND w.word OPERATOR(memory.%) l.lexemes[1]
           ORDER BY memory.similarity(w.word, l.lexemes[1]) DESC, w.memories DESC, w.word LIMIT 1
         ) s
         WHERE cardinality(l.lexemes) = 1
           AND NOT EXISTS (SELECT 1 FROM memory.owner_words k WHERE k.user_id = $1 AND k.word = l.lexemes[1])`,
        [userId, words],
      ),
    );
    return new Map(rows.map((row) => [row.token, row.word]));
  }
}

function groupBy<T>(rows: T[], key: (row: T) => string, value: (row: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), value(row)]);
  return groups;
}
