import type { MemoryListQuery, MemorySearchQuery } from '@memories/contracts';
import { VIEW_MODES, type ViewMode } from '../../components/ViewModeToggle';
import { DATE_RANGES, dateFromForRange, type DateRange } from './date-range.util';

/** My Memories page size (spec section 9). */
export const MY_MEMORIES_PAGE_SIZE = 12;

export const MEMORY_TYPES = ['all', 'published', 'drafts'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
/** `relevance` only orders a search: without words to search for, the list is newest first. */
export const SORT_ORDERS = ['relevance', 'newest', 'oldest', 'title'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Everything the My Memories list is filtered by; lives in the URL query so reload and links keep it. */
export interface DashboardFilters {
  search: string;
  type: MemoryType;
  range: DateRange;
  sort: SortOrder;
  view: ViewMode;
  tags: string[];
  /** One journal's memories (all its members'), or `all`: the person's own memories in every journal. */
  journal: string;
  /** Zero-based, like the API; the URL shows it one-based. */
  page: number;
}

export const DEFAULT_FILTERS: DashboardFilters = {
  search: '',
  type: 'all',
  range: 'all',
  sort: 'newest',
  view: 'grid',
  tags: [],
  journal: 'all',
  page: 0,
};

/** The order a list shows when none was chosen: by relevance while searching, else newest first. */
export function defaultSort(search: string): SortOrder {
  return search ? 'relevance' : 'newest';
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function filtersFromSearch(params: URLSearchParams): DashboardFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const search = params.get('q') ?? '';
  const sort = oneOf(SORT_ORDERS, params.get('sort'), defaultSort(search));
  return {
    search,
    type: oneOf(MEMORY_TYPES, params.get('type'), DEFAULT_FILTERS.type),
    range: oneOf(DATE_RANGES, params.get('range'), DEFAULT_FILTERS.range),
    sort: sort === 'relevance' && !search ? 'newest' : sort,
    view: oneOf(VIEW_MODES, params.get('view'), DEFAULT_FILTERS.view),
    tags: params.getAll('tag'),
    journal: params.get('journal') || DEFAULT_FILTERS.journal,
    page: Number.isFinite(page) && page > 1 ? page - 1 : 0,
  };
}

/** Only what differs from the defaults goes into the URL, so a plain /dashboard stays plain. */
export function searchFromFilters(filters: DashboardFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.type !== DEFAULT_FILTERS.type) params.set('type', filters.type);
  if (filters.range !== DEFAULT_FILTERS.range) params.set('range', filters.range);
  if (filters.sort !== defaultSort(filters.search)) params.set('sort', filters.sort);
  if (filters.view !== DEFAULT_FILTERS.view) params.set('view', filters.view);
  for (const tag of filters.tags) params.append('tag', tag);
  if (filters.journal !== DEFAULT_FILTERS.journal) params.set('journal', filters.journal);
  if (filters.page > 0) params.set('page', String(filters.page + 1));
  return params;
}

/**
 * How many choices of the filters panel narrow the list: Type, Date Range and each selected tag (the phone's badge).
 */
export function activeFilterCount(filters: DashboardFilters): number {
  return (
    (filters.type !== DEFAULT_FILTERS.type ? 1 : 0) +
    (filters.range !== DEFAULT_FILTERS.range ? 1 : 0) +
    (filters.journal !== DEFAULT_FILTERS.journal ? 1 : 0) +
    filters.tags.length
  );
}

/** True when anything narrows the list (decides the empty-state hint). */
export function hasActiveFilters(filters: DashboardFilters): boolean {
  return (
    filters.search !== '' ||
    filters.type !== 'all' ||
    filters.range !== 'all' ||
    filters.tags.length > 0 ||
    filters.journal !== DEFAULT_FILTERS.journal
  );
}

const sorts: Record<Exclude<SortOrder, 'relevance'>, Pick<MemoryListQuery, 'sortBy' | 'sortDirection'>> = {
  newest: { sortBy: 'createdAt', sortDirection: 'desc' },
  oldest: { sortBy: 'createdAt', sortDirection: 'asc' },
  title: { sortBy: 'title', sortDirection: 'asc' },
};

/** The `GET /memories/my` query for the filters without a search (spec sections 7 and 9). */
export function listQueryFor(filters: DashboardFilters, now: Date): MemoryListQuery {
  return {
    page: filters.page,
    size: MY_MEMORIES_PAGE_SIZE,
    tags: filters.tags.length > 0 ? filters.tags : undefined,
    dateFrom: dateFromForRange(filters.range, now),
    isDraft: filters.type === 'all' ? undefined : filters.type === 'drafts',
    ...sorts[filters.sort === 'relevance' ? 'newest' : filters.sort],
  };
}

/** The `GET /memories/search` query for the filters with a search: the same filters, and relevance as an order. */
export function searchQueryFor(filters: DashboardFilters, now: Date): MemorySearchQuery {
  const { sortBy, sortDirection, ...list } = listQueryFor(filters, now);
  return {
    ...list,
    ...(filters.journal === DEFAULT_FILTERS.journal ? {} : { journalId: filters.journal }),
    q: filters.search,
    ...(filters.sort === 'relevance' ? { sortBy: 'relevance' } : { sortBy, sortDirection }),
  };
}
