import { SEARCH_RESULT_LIMIT } from '@memories/contracts';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { JournalAccess } from '../access/journal-access';
import { FIXTURE_OWNER, memoryRecord } from '../core/memory-record.fixture';
import type { MemorySearchRepository } from './memory-search.repository';
import { MemorySearchService } from './memory-search.service';
import { MATCH_END, MATCH_START } from './search-highlight.util';

const as = (userId?: string) => ({ correlationId: 'c-1', userId });
const WINDOW = { page: 0, size: 10, offset: 0, limit: 10 };

describe('MemorySearchService', () => {
  let repository: StrictMock<MemorySearchRepository>;
  let journals: StrictMock<JournalAccess>;
  let service: MemorySearchService;

  beforeEach(() => {
    repository = strictMock<MemorySearchRepository>('MemorySearchRepository');
    journals = strictMock<JournalAccess>('JournalAccess');
    // No journal named: the caller's own memories (the journal scope has its own tests against PostgreSQL).
    journals.searchScope.mockResolvedValue(undefined);
    service = new MemorySearchService(
      repository as unknown as MemorySearchRepository,
      journals as unknown as JournalAccess,
    );
  });

  it('refuses a caller without a user', async () => {
    await expect(service.search(as(undefined), { q: 'sea' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("searches the words, with the owner's other forms, ranked by relevance, with the list's filters", async () => {
    repository.wordVariants.mockResolvedValue(new Map([['walking', ['walked']]]));
    repository.search.mockResolvedValue({ hits: [], matches: 3 });

    await service.search(as(FIXTURE_OWNER), {
      q: 'walking "by the sea" -rain tag:trip',
      tags: ['summer'],
      isDraft: false,
      dateTo: '2024-05-31',
    });

    expect(repository.wordVariants).toHaveBeenCalledWith(FIXTURE_OWNER, ['walking']);
    expect(repository.search).toHaveBeenCalledWith(
      FIXTURE_OWNER,
      {
        tsquery: "( ( 'walking' | 'walked' ) & ( 'by the sea' ) & !'rain' )",
        tags: ['summer', 'trip'],
        excludedTags: [],
        dateFrom: undefined,
        dateBefore: '2024-06-01T00:00:00',
        isDraft: false,
        hasImage: undefined,
        sortBy: 'relevance',
        sortDirection: 'desc',
      },
      WINDOW,
    );
  });

  it('looks in the title or the text only for `title` and `content`, and joins them with `q`', async () => {
    repository.wordVariants.mockResolvedValue(new Map());
    repository.search.mockResolvedValue({ hits: [], matches: 1 });

    await service.search(as(FIXTURE_OWNER), { q: 'sea', title: 'boat', content: 'sails' });

    expect(repository.search.mock.calls[0][1].tsquery).toBe("( ( 'sea':* ) ) & ( ( 'boat':*A ) ) & ( ( 'sails':*B ) )");
  });

  it('turns before: and after: into strict date bounds, the tighter of them and the filters', async () => {
    repository.search.mockResolvedValue({ hits: [], matches: 1 });

    await service.search(as(FIXTURE_OWNER), {
      q: 'after:2024-01-31 before:2024-03-01',
      dateFrom: '2024-01-15',
      dateTo: '2024-12-31',
    });

    expect(repository.search.mock.calls[0][1]).toMatchObject({
      tsquery: undefined,
      dateFrom: '2024-02-01T00:00:00',
      dateBefore: '2024-03-01T00:00:00',
      sortBy: 'createdAt',
    });
  });

  it('sorts titles A-Z unless told otherwise', async () => {
    repository.wordVariants.mockResolvedValue(new Map());
    repository.search.mockResolvedValue({ hits: [], matches: 1 });

    await service.search(as(FIXTURE_OWNER), { q: 'sea', sortBy: 'title' });

    expect(repository.search.mock.calls[0][1]).toMatchObject({ sortBy: 'title', sortDirection: 'asc' });
  });

  it('finds nothing, without asking the database, for punctuation or contradicting filters', async () => {
    const empty = { items: [], limited: false, pagination: { totalElements: 0 } };

    await expect(service.search(as(FIXTURE_OWNER), { q: ' ?! ' })).resolves.toMatchObject(empty);
    await expect(service.search(as(FIXTURE_OWNER), { q: 'is:draft', isDraft: false })).resolves.toMatchObject(empty);
  });

  it('answers each hit with its highlight, the capped total and whether matches were left out', async () => {
    repository.wordVariants.mockResolvedValue(new Map());
    repository.search.mockResolvedValue({
      hits: [
        {
          record: memoryRecord(),
          headline: `We ${MATCH_START}swam${MATCH_END} <b>far</b>`,
          textHead: 'We swam <b>far</b>',
          textTail: 'We swam <b>far</b>',
        },
      ],
      matches: SEARCH_RESULT_LIMIT + 1,
    });

    const page = await service.search(as(FIXTURE_OWNER), { q: 'swam' });

    expect(page.items[0]).toMatchObject({
      id: memoryRecord().id,
      highlight: 'We <mark>swam</mark> &lt;b&gt;far&lt;/b&gt;',
    });
    expect(page.pagination).toMatchObject({ totalElements: SEARCH_RESULT_LIMIT, totalPages: SEARCH_RESULT_LIMIT / 10 });
    expect(page.limited).toBe(true);
    expect(page).not.toHaveProperty('suggestion');
  });

  it('suggests the query with unknown words replaced by the closest words of the owner when nothing matched', async () => {
    repository.wordVariants.mockResolvedValue(new Map());
    repository.search.mockResolvedValue({ hits: [], matches: 0 });
    repository.closestWords.mockResolvedValue(new Map([['mountian', 'mountain']]));

    const page = await service.search(as(FIXTURE_OWNER), { q: 'tag:trip mountian lake' });

    expect(repository.closestWords).toHaveBeenCalledWith(FIXTURE_OWNER, ['mountian', 'lake']);
    expect(page).toMatchObject({ items: [], suggestion: 'tag:trip mountain lake', limited: false });
  });

  it('suggests nothing when every word is known', async () => {
    repository.wordVariants.mockResolvedValue(new Map());
    repository.search.mockResolvedValue({ hits: [], matches: 0 });
    repository.closestWords.mockResolvedValue(new Map());

    await expect(service.search(as(FIXTURE_OWNER), { q: 'sea boats' })).resolves.not.toHaveProperty('suggestion');
  });
});
