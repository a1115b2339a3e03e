export { calendarDayTime } from './calendar-day';
export {
  includedSearchTerms,
  isEmptySearchQuery,
  searchQueryHasText,
  type MoodRange,
  type ParsedSearchQuery,
  type SearchTerm,
} from './search-query';
export { formatSearchQuery, MAX_SEARCH_TAGS, MAX_SEARCH_TERMS, parseSearchQuery } from './search-query.parser';
