import type { ApiSuccess, Pagination } from '../api/api-response';
import type { Memory } from './memory.types';

/** Orders of `GET /memories/search`: relevance is the default while the query has words to rank by. */
export const MEMORY_SEARCH_SORT_FIELDS = ['relevance', 'createdAt', 'date', 'title'] as const;
export type MemorySearchSortField = (typeof MEMORY_SEARCH_SORT_FIELDS)[number];

/**
 * A search considers at most this many matches (in the chosen order; for relevance, the newest ones, ranked among
 * themselves): a very common word then costs a bounded top-N instead of ranking thousands of rows. An answer with
 * more matches says so (`limited`).
 */
export const SEARCH_RESULT_LIMIT = 200;

/** A memory found by a search, with a snippet of its text where the words matched (see search-highlight). */
export interface MemorySearchHit extends Memory {
  highlight: string;
}

/** What a search found besides the page: a corrected query when nothing matched, and whether matches were left out. */
export interface MemorySearchInfo {
  /** The query with misspelt words replaced by the closest words of the caller's own memories. */
  suggestion?: string;
  /** True when more than SEARCH_RESULT_LIMIT memories matched and only that many were considered. */
  limited: boolean;
}

export interface MemorySearchPage extends MemorySearchInfo {
  items: MemorySearchHit[];
  pagination: Pagination;
}

/** The HTTP answer of `GET /memories/search`: the hits in `data`, the search's own information next to `pagination`. */
export type MemorySearchAnswer = ApiSuccess<MemorySearchHit[]> & MemorySearchInfo;
