import { toPagination, type Journal, type Memory, type MemoryListQuery } from '@memories/contracts';
import { journalsApi, memoriesApi, type MemoryList } from '@memories/web-api-client';
import { sealMemoryContent, unlockedJournals } from '@memories/web-crypto';
import { journalsStore } from '@memories/web-journals/journals-store';
import { AppThemeProvider } from '@memories/web-ui';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SEALED_TAG, SEALED_TITLE, sealedMemory } from '../testing/sealed-memory.fixture';
import { DashboardPage } from './DashboardPage';

jest.mock('@memories/web-session', () => ({
  ...jest.requireActual('@memories/web-session'),
  useSession: () => ({ user: { id: 'me' } }),
}));

const journal = (id: string, name: string, changes: Partial<Journal> = {}): Journal => ({
  id,
  name,
  color: '#3f6ad8',
  role: 'owner',
  locked: false,
  isDefault: false,
  memoryCount: 0,
  memberCount: 0,
  position: 0,
  ...changes,
});

const SLOW = { timeout: 15_000 };

function renderDashboard(query: string) {
  render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[`/dashboard?${query}`]}>
        <DashboardPage />
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

describe('the dashboard search in a locked journal', () => {
  let sealed: { memory: Memory; key: CryptoKey };
  let other: Memory;
  let search: jest.SpyInstance;
  let secondPage: (list: MemoryList) => void;
  let listed: jest.SpyInstance;

  beforeAll(async () => {
    sealed = await sealedMemory();
    const ciphertext = await sealMemoryContent(sealed.key, sealed.memory.journalId, {
      title: 'Lanterns',
      contentJson: JSON.stringify({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Paper stars over the river.' }] }],
      }),
      tags: [],
      thumbnailUrl: '',
    });
    other = {
      ...sealed.memory,
      id: 'm3',
      createdAt: '2026-07-01T18:00:00.000Z',
      sealed: { ciphertext, imageUrls: [] },
    };
  });

  beforeEach(() => {
    const journals = [
      journal('journal-1', 'Journal', { isDefault: true }),
      journal(sealed.memory.journalId, 'Secrets', { locked: true }),
    ];
    jest.spyOn(journalsApi, 'list').mockResolvedValue(journals);
    jest.spyOn(memoriesApi, 'tags').mockResolvedValue([]);
    search = jest.spyOn(memoriesApi, 'search');
    // The journal's list as the server answers it: two pages, the second one held until the test lets it go.
    listed = jest.spyOn(journalsApi, 'memories').mockImplementation(async (_id, query: MemoryListQuery) => {
      const pagination = toPagination(query.page ?? 0, 1, 2);
      if (query.page === 0) return { memories: [sealed.memory], pagination };
      return new Promise<MemoryList>((resolve) => {
        secondPage = resolve;
      }).then((list) => ({ ...list, pagination }));
    });
    journalsStore.clear();
    journalsStore.ensure('me');
  });

  afterEach(() => act(() => unlockedJournals.lockAll()));

  it('asks for the journal to be unlocked, then searches its memories on this device with progress', async () => {
    renderDashboard(`journal=${sealed.memory.journalId}&q=stars`);

    // The page's first render compiles its parts from source here: slow on a busy machine.
    expect(
      await screen.findByText(/“Secrets” is locked: unlock it to search its memories/, undefined, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('memory-card')).not.toBeInTheDocument();

    act(() => unlockedJournals.unlock(sealed.memory.journalId, sealed.key));

    // The first memory opened loads the renderer (ProseMirror and the sanitiser), compiled from source here: slow.
    expect(await screen.findByText('Decrypting 1 of 2…', undefined, SLOW)).toHaveAttribute('role', 'status');
    expect(screen.getByText(/“Secrets” is locked, so its search runs on this device/)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search memories' })).toHaveAccessibleDescription(
      expect.stringContaining('runs on this device'),
    );

    await act(async () => secondPage({ memories: [other], pagination: toPagination(1, 1, 2) }));

    const cards = await screen.findAllByTestId('memory-card', undefined, SLOW);
    expect(cards).toHaveLength(2);
    // Relevance: the title match first.
    expect(await within(cards[0]).findByRole('button', { name: `View ${SEALED_TITLE}` }, SLOW)).toBeInTheDocument();
    expect(await within(cards[0]).findByText(SEALED_TAG, undefined, SLOW)).toBeInTheDocument();
    expect(within(cards[1]).getByTestId('search-snippet').innerHTML).toBe('Paper <mark>stars</mark> over the river.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(listed).toHaveBeenCalledTimes(2);
    // The server's search cannot read a locked journal: it is never asked.
    expect(search).not.toHaveBeenCalled();
  }, 60_000);

  it('says once that the search of every journal leaves locked journals out', async () => {
    search.mockResolvedValue({ memories: [], pagination: toPagination(0, 12, 0), limited: false });
    renderDashboard('q=stars');

    expect(await screen.findByTestId('locked-search-note', undefined, SLOW)).toHaveTextContent(
      'Locked journals are not searched here: choose one under Journal to search it on this device.',
    );
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ q: 'stars' }), expect.anything());
    expect(listed).not.toHaveBeenCalled();
  }, 30_000);
});

describe('the dashboard while a search is typed', () => {
  beforeEach(() => {
    jest
      .spyOn(journalsApi, 'list')
      .mockResolvedValue([journal('journal-1', 'Journal', { isDefault: true }), journal('journal-2', 'Travel')]);
    jest.spyOn(memoriesApi, 'tags').mockResolvedValue([]);
    jest.spyOn(memoriesApi, 'listMine').mockResolvedValue({ memories: [], pagination: toPagination(0, 12, 0) });
    jest.spyOn(journalsApi, 'memories').mockResolvedValue({ memories: [], pagination: toPagination(0, 12, 0) });
    jest
      .spyOn(memoriesApi, 'search')
      .mockResolvedValue({ memories: [], pagination: toPagination(0, 12, 0), limited: false });
    journalsStore.clear();
    journalsStore.ensure('me');
  });

  it('keeps a journal picked before the typed words are searched', async () => {
    // A filtered list, so that the page asks for no prompt and no look back (not mocked here).
    renderDashboard('type=drafts');
    const journalPicker = await screen.findByRole('combobox', { name: 'Journal' }, SLOW);

    fireEvent.mouseDown(journalPicker);
    const travel = await screen.findByRole('option', { name: 'Travel' });
    // Words typed, and a journal picked before the typing pauses (the open menu hides the rest of the page).
    const searchBox = screen.getByRole('searchbox', { name: 'Search memories', hidden: true });
    fireEvent.change(searchBox, { target: { value: 'rain' } });
    fireEvent.click(travel);
    // The typed words are searched once the typing pauses (SEARCH_AS_YOU_TYPE_DELAY_MS).
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));

    expect(memoriesApi.search).toHaveBeenLastCalledWith(
      expect.objectContaining({ q: 'rain', journalId: 'journal-2' }),
      expect.anything(),
    );
    expect(screen.getByRole('combobox', { name: 'Journal' })).toHaveTextContent('Travel');
  }, 30_000);
});
