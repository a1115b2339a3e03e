/**
 * A search as typed, parsed into what it asks for. Built only by `parseSearchQuery`. On the server the tsquery
 * builder and the repository turn it into parameters (nothing of it ever becomes SQL text); in the browser it is
 * matched against the opened memories of a locked journal, which the server cannot search.
 */
export type SearchTerm =
  /** A token as typed (PostgreSQL's parser splits it the way it split the memories' text). */
  | { kind: 'word'; text: string; prefix: boolean }
  /** `"exact phrase"`: its words next to each other, in order. */
  | { kind: 'phrase'; text: string };

export interface ParsedSearchQuery {
  /** Every clause must match; a clause matches when one of its terms does (terms joined by OR). */
  clauses: SearchTerm[][];
  /** `-word`, `-"phrase"`: a memory containing one of these does not match. */
  excluded: SearchTerm[];
  /** `tag:name`: the memory carries every one of them. */
  tags: string[];
  /** `-tag:name`. */
  excludedTags: string[];
  /** `before:yyyy-MM-dd` and `after:yyyy-MM-dd`: the memory's date is strictly before / after that day. */
  before?: string;
  after?: string;
  /** `is:draft` (true) or `is:published` (false). */
  isDraft?: boolean;
  /** `has:image` (true) or `-has:image` (false). */
  hasImage?: boolean;
  /**
   * `mood:4`, `mood:>=4`, `mood:<=2`, `mood:>3`, `mood:<3`: the memory has a mood in this range (both ends included;
   * several operators narrow it, and a range with no mood in it matches nothing).
   */
  mood?: MoodRange;
  /** `journal:name` or `journal:"two words"`: only memories of the caller's journal(s) of that name. */
  journals: string[];
}

/** Moods from `atLeast` to `atMost`, both included. */
export interface MoodRange {
  atLeast: number;
  atMost: number;
}

/** The words a query asks to find (not those it excludes), in order. */
export function includedSearchTerms(query: ParsedSearchQuery): SearchTerm[] {
  return query.clauses.flat();
}

/** True when the query has words or phrases to look for (so relevance has something to rank by). */
export function searchQueryHasText(query: ParsedSearchQuery): boolean {
  return query.clauses.length > 0 || query.excluded.length > 0;
}

/** True when the query asks for nothing at all (no words, no operators). */
export function isEmptySearchQuery(query: ParsedSearchQuery): boolean {
  return (
    !searchQueryHasText(query) &&
    query.tags.length === 0 &&
    query.excludedTags.length === 0 &&
    query.journals.length === 0 &&
    [query.before, query.after, query.isDraft, query.hasImage, query.mood].every((value) => value === undefined)
  );
}
