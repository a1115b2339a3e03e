import { dateFromForRange } from './date-range.util';
import {
  DEFAULT_FILTERS,
  activeFilterCount,
  filtersFromSearch,
  hasActiveFilters,
  listQueryFor,
  searchFromFilters,
  searchQueryFor,
} from './dashboard-filters.util';
import { pagerWindow } from './pager-window.util';
import { plainTextExcerpt } from './plain-text-excerpt.util';
import { visibleTags } from './visible-tags.util';

describe('pager window', () => {
  it.each([
    [0, 1, [0]],
    [0, 3, [0, 1, 2]],
    [0, 10, [0, 1, 2, 3, 4]],
    [1, 10, [0, 1, 2, 3, 4]],
    [5, 10, [3, 4, 5, 6, 7]],
    [8, 10, [5, 6, 7, 8, 9]],
    [9, 10, [5, 6, 7, 8, 9]],
  ])('on page %i of %i numbers %j', (current, total, expected) => {
    expect(pagerWindow(current, total)).toEqual(expected);
  });
});

describe('date range', () => {
  const now = new Date(2026, 2, 31, 9, 30);

  it('sends no dateFrom for All Time', () => {
    expect(dateFromForRange('all', now)).toBeUndefined();
  });

  it.each([
    ['week', '2026-03-24'],
    ['month', '2026-02-28'],
    ['year', '2025-03-31'],
  ] as const)('%s goes back from now and formats yyyy-MM-dd', (range, expected) => {
    expect(dateFromForRange(range, now)).toBe(expected);
  });
});

describe('visible tags', () => {
  it('shows the first N and counts the rest', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'], 1)).toEqual({ shown: ['a'], more: 3 });
    expect(visibleTags(['a', 'b', 'c'], 2)).toEqual({ shown: ['a', 'b'], more: 1 });
    expect(visibleTags(['a'], 2)).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('plain-text excerpt', () => {
  it('drops markup and collapses whitespace', () => {
    expect(plainTextExcerpt('<h1>Sea</h1>\n<p>Waves &amp; <b>sand</b></p>')).toBe('Sea Waves & sand');
  });

  it('cuts at 100 characters and marks the cut', () => {
    const excerpt = plainTextExcerpt(`<p>${'x'.repeat(150)}</p>`);
    expect(excerpt).toBe(`${'x'.repeat(100)}…`);
  });

  it('keeps a text of exactly 100 characters whole', () => {
    expect(plainTextExcerpt('y'.repeat(100))).toBe('y'.repeat(100));
  });
});

describe('dashboard filters in the URL', () => {
  it('round-trips every filter and leaves defaults out', () => {
    const filters = {
      search: 'sea',
      type: 'drafts',
      range: 'month',
      sort: 'title',
      view: 'list',
      tags: ['a', 'b'],
      journal: 'j1',
      page: 2,
    } as const;
    const params = searchFromFilters({ ...filters, tags: [...filters.tags] });
    expect(params.toString()).toBe('q=sea&type=drafts&range=month&sort=title&view=list&tag=a&tag=b&journal=j1&page=3');
    expect(filtersFromSearch(params)).toEqual(filters);
    expect(searchFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('falls back to defaults for unknown values', () => {
    expect(filtersFromSearch(new URLSearchParams('type=x&range=y&sort=z&view=w&page=-3'))).toEqual(DEFAULT_FILTERS);
  });

  it('sorts a search by relevance unless another order is in the URL, and never a list', () => {
    expect(filtersFromSearch(new URLSearchParams('q=sea')).sort).toBe('relevance');
    expect(filtersFromSearch(new URLSearchParams('q=sea&sort=newest')).sort).toBe('newest');
    expect(filtersFromSearch(new URLSearchParams('sort=relevance')).sort).toBe('newest');
    expect(searchFromFilters({ ...DEFAULT_FILTERS, search: 'sea', sort: 'relevance' }).toString()).toBe('q=sea');
    expect(searchFromFilters({ ...DEFAULT_FILTERS, search: 'sea', sort: 'newest' }).toString()).toBe(
      'q=sea&sort=newest',
    );
  });

  it('builds the search query: the same filters with the words, by relevance or the chosen order', () => {
    const now = new Date(2026, 0, 15, 12);
    expect(
      searchQueryFor({ ...DEFAULT_FILTERS, search: 'sea -rain', sort: 'relevance', type: 'drafts', tags: ['x'] }, now),
    ).toEqual({
      page: 0,
      size: 12,
      q: 'sea -rain',
      tags: ['x'],
      dateFrom: undefined,
      isDraft: true,
      sortBy: 'relevance',
    });
    expect(searchQueryFor({ ...DEFAULT_FILTERS, search: 'sea', sort: 'title' }, now)).toMatchObject({
      sortBy: 'title',
      sortDirection: 'asc',
    });
  });

  it('builds the list query of sections 7 and 9', () => {
    const now = new Date(2026, 0, 15, 12);
    expect(
      listQueryFor({ ...DEFAULT_FILTERS, type: 'published', range: 'year', sort: 'oldest', tags: ['x'] }, now),
    ).toEqual({
      page: 0,
      size: 12,
      tags: ['x'],
      dateFrom: '2025-01-15',
      isDraft: false,
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(listQueryFor({ ...DEFAULT_FILTERS, sort: 'title' }, now)).toMatchObject({
      sortBy: 'title',
      sortDirection: 'asc',
      isDraft: undefined,
    });
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, tags: ['x'] })).toBe(true);
  });

  it('counts for the phone badge the panel choices that narrow the list, not the sort, the view or the search', () => {
    expect(activeFilterCount({ ...DEFAULT_FILTERS, sort: 'title', view: 'list', search: 'sea' })).toBe(0);
    expect(activeFilterCount({ ...DEFAULT_FILTERS, type: 'drafts', range: 'week', tags: ['a', 'b'] })).toBe(4);
  });
});
