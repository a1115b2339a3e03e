import { Injectable } from '@nestjs/common';
import {
  formatSearchQuery,
  includedSearchTerms,
  isEmptySearchQuery,
  parseSearchQuery,
  searchQueryHasText,
  SEARCH_RESULT_LIMIT,
  type MemorySearchHit,
  type MemorySearchPage,
  type MemorySearchQuery,
  type MessageContext,
  type ParsedSearchQuery,
} from '@memories/contracts';
import { toRangeEndExclusive, toRangeStart } from '../core/memory-date.util';
import { toMemory } from '../core/memory.mapper';
import { requireUser } from '../access/caller';
import { JournalAccess } from '../access/journal-access';
import { normaliseTags } from '../core/memory-input.util';
import { toPageWindow, toPagination } from '../core/pagination.util';
import { MemorySearchRepository, type SearchCriteria, type SearchHitRecord } from './memory-search.repository';
import { toHighlight } from './search-highlight.util';
import { toTsQuery, type SearchField } from './search-tsquery';

/** The three texts of a search request: `q` looks in the title and the text, `title` and `content` in one of them. */
interface ParsedSearch {
  q: ParsedSearchQuery;
  title: ParsedSearchQuery;
  content: ParsedSearchQuery;
}

const FIELDS: Record<keyof ParsedSearch, SearchField | undefined> = { q: undefined, title: 'A', content: 'B' };

/** The words of a search that can have other forms (single tokens, not phrases), each once. */
function plainWords(parsed: ParsedSearch): string[] {
  const words = Object.values(parsed).flatMap((query) =>
    includedSearchTerms(query).filter((term) => term.kind === 'word'),
  );
  return [...new Set(words.map((term) => term.text))];
}

/**
 * The later of two inclusive lower bounds, the earlier of two exclusive upper bounds (`yyyy-MM-ddTHH:mm:ss` sorts as
 * text).
 */
const later = (a?: string, b?: string) => (a && b ? (a > b ? a : b) : (a ?? b));
const earlier = (a?: string, b?: string) => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * Search over the caller's own memories, or over journals they are a member of (`journalId`, `journal:`): the typed
 * syntax (see parseSearchQuery in @memories/contracts) together with the list's filters, ranked or sorted, each hit with a snippet; "Did
 * you mean" from the caller's own words when nothing matched.
 */
@Injectable()
export class MemorySearchService {
  constructor(
    private readonly repository: MemorySearchRepository,
    private readonly journals: JournalAccess,
  ) {}

  async search(context: MessageContext, request: MemorySearchQuery): Promise<MemorySearchPage> {
    const caller = requireUser(context);
    const window = toPageWindow(request);
    const parsed: ParsedSearch = {
      q: parseSearchQuery(request.q),
      title: parseSearchQuery(request.title),
      content: parseSearchQuery(request.content),
    };
    const queries = Object.values(parsed);
    const criteria = this.criteriaOf(request, queries);
    // Something typed that is neither a word nor an operator (only punctuation) matches nothing rather than everything.
    const unsearchable = (Object.keys(parsed) as Array<keyof ParsedSearch>).some(
      (key) => request[key]?.trim() && isEmptySearchQuery(parsed[key]),
    );
    const scope = await this.journals.searchScope(
      caller,
      request.journalId,
      queries.flatMap((query) => query.journals),
    );
    if (!criteria || unsearchable || scope?.journalIds.length === 0)
      return { items: [], pagination: toPagination(window.page, window.size, 0), limited: false };

    const words = plainWords(parsed);
    const variants =
      words.length > 0 ? await this.repository.wordVariants(caller.userId, words) : new Map<string, string[]>();
    const tsqueries = (Object.keys(parsed) as Array<keyof ParsedSearch>)
      .map((key) => toTsQuery(parsed[key], { field: FIELDS[key], variants }))
      .filter((tsquery): tsquery is string => tsquery !== undefined);
    const result = await this.repository.search(
      caller.userId,
      {
        ...criteria,
        ...(scope ? { journals: scope } : {}),
        tsquery: tsqueries.length > 0 ? tsqueries.map((tsquery) => `( ${tsquery} )`).join(' & ') : undefined,
      },
      window,
    );
    const suggestion = result.matches === 0 ? await this.suggestion(caller.userId, parsed.q) : undefined;
    return {
      items: result.hits.map(toHit),
      pagination: toPagination(window.page, window.size, Math.min(result.matches, SEARCH_RESULT_LIMIT)),
      limited: result.matches > SEARCH_RESULT_LIMIT,
      ...(suggestion === undefined ? {} : { suggestion }),
    };
  }

  /** The filters of the request and of the typed operators together; undefined when they contradict each other. */
  private criteriaOf(
    request: MemorySearchQuery,
    queries: ParsedSearchQuery[],
  ): Omit<SearchCriteria, 'tsquery'> | undefined {
    const draftStates = [request.isDraft, ...queries.map((query) => query.isDraft)].filter(
      (state) => state !== undefined,
    );
    const imageStates = queries.map((query) => query.hasImage).filter((state) => state !== undefined);
    if (new Set(draftStates).size > 1 || new Set(imageStates).size > 1) return undefined;
    const moodRanges = queries.flatMap((query) => (query.mood ? [query.mood] : []));
    const mood =
      moodRanges.length === 0
        ? undefined
        : {
            atLeast: Math.max(...moodRanges.map((range) => range.atLeast)),
            atMost: Math.min(...moodRanges.map((range) => range.atMost)),
          };
    if (mood && mood.atLeast > mood.atMost) return undefined;
    let dateFrom = request.dateFrom ? toRangeStart(request.dateFrom, 'dateFrom') : undefined;
    let dateBefore = request.dateTo ? toRangeEndExclusive(request.dateTo, 'dateTo') : undefined;
    for (const query of queries) {
      // Strictly after a day starts the next day; strictly before a day ends as it starts.
      if (query.after) dateFrom = later(dateFrom, toRangeEndExclusive(query.after, 'after'));
      if (query.before) dateBefore = earlier(dateBefore, toRangeStart(query.before, 'before'));
    }
    const hasWords = queries.some(searchQueryHasText);
    const sortBy = request.sortBy ?? (hasWords ? 'relevance' : 'createdAt');
    return {
      tags: normaliseTags([...(request.tags ?? []), ...queries.flatMap((query) => query.tags)]),
      excludedTags: normaliseTags(queries.flatMap((query) => query.excludedTags)),
      dateFrom,
      dateBefore,
      isDraft: draftStates[0],
      hasImage: imageStates[0],
      mood,
      sortBy,
      // Newest first by default; titles A-Z (spec section 9).
      sortDirection: request.sortDirection ?? (sortBy === 'title' ? 'asc' : 'desc'),
    };
  }

  /** `q` with each word the caller never wrote replaced by the closest one they did, when there is one. */
  private async suggestion(userId: string, q: ParsedSearchQuery): Promise<string | undefined> {
    const words = [
      ...new Set(
        includedSearchTerms(q)
          .filter((term) => term.kind === 'word')
          .map((term) => term.text),
      ),
    ];
    if (words.length === 0) return undefined;
    const closest = await this.repository.closestWords(userId, words);
    if (closest.size === 0) return undefined;
    const corrected = q.clauses.map((clause) =>
      clause.map((term) =>
        term.kind === 'word' && closest.has(term.text) ? { ...term, text: closest.get(term.text) ?? term.text } : term,
      ),
    );
    return formatSearchQuery({ ...q, clauses: corrected }).trim();
  }
}

function toHit({ record, headline, textHead, textTail }: SearchHitRecord): MemorySearchHit {
  return { ...toMemory(record), highlight: toHighlight(headline, textHead, textTail) };
}
