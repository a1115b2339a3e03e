import type { Journal } from '@memories/contracts';
import { loadLockedJournalSearch, useJournalKey } from '@memories/web-journals';
import { LAZY_PART_FAILED_MESSAGE } from '@memories/web-ui';
import { renderHook, waitFor } from '@testing-library/react';
import { DEFAULT_FILTERS } from '../utils/dashboard-filters.util';
import { useLockedJournalSearch } from './useLockedJournalSearch';

// The search's code is loaded when a locked journal is chosen; what the page shows when that load fails, and after.
jest.mock('@memories/web-journals', () => ({
  loadLockedJournalSearch: jest.fn(),
  useJournalKey: jest.fn(),
}));

const load = loadLockedJournalSearch as jest.MockedFunction<typeof loadLockedJournalSearch>;
const journalKey = useJournalKey as jest.MockedFunction<typeof useJournalKey>;

const vault = { id: 'vault', name: 'Vault', locked: true } as Journal;
const plain = { id: 'plain', name: 'Journal', locked: false } as Journal;
const searching = { ...DEFAULT_FILTERS, search: 'quetzalcoatlus' };
const answer = {
  memories: [],
  pagination: { currentPage: 0, pageSize: 12, totalPages: 0, totalElements: 0, hasPrevious: false, hasNext: false },
  limited: false,
};

/** The search module as loaded, with a search that answers `answer`. */
function loadedSearch() {
  class LockedJournalSearch {
    search = jest.fn().mockResolvedValue(answer);
    dispose = jest.fn();
  }
  return { LockedJournalSearch } as unknown as Awaited<ReturnType<typeof loadLockedJournalSearch>>;
}

beforeEach(() => {
  load.mockReset();
  journalKey.mockReturnValue({} as CryptoKey);
});

describe('useLockedJournalSearch', () => {
  it('loads no search code while the chosen journal is not locked', () => {
    const { result } = renderHook(() => useLockedJournalSearch(plain, searching, 0));
    expect(result.current).toEqual({ status: 'off' });
    expect(load).not.toHaveBeenCalled();
  });

  it('says the part could not be loaded when its code does not come, and loads it again with the list', async () => {
    load.mockRejectedValueOnce(new Error('Loading chunk 429 failed.'));
    const { result, rerender } = renderHook(({ reloadKey }) => useLockedJournalSearch(vault, searching, reloadKey), {
      initialProps: { reloadKey: 0 },
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'error', message: LAZY_PART_FAILED_MESSAGE }));

    load.mockResolvedValueOnce(loadedSearch());
    rerender({ reloadKey: 1 });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'ready', memories: [] }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
