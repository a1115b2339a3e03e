import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MEMORY_DELETE_CONFIRMATION, MEMORY_MESSAGES, type Journal, type Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useJournals, useUnlockedJournalIds } from '@memories/web-journals';
import { ConfirmDialog, LazyPartBoundary, lazyPart, preloadConfirmDialog } from '@memories/web-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ListError } from '../components/ListError';
import { memoryTitleText } from '../components/MemoryTitle';
import { DidYouMean } from './components/DidYouMean';
import { EmptyMemories } from './components/EmptyMemories';
import { DecryptingProgress, LockedSearchNote, type LockedSearchScope } from './components/LockedSearchNote';
import { MemoriesSkeleton } from './components/MemoriesSkeleton';
import { memoryGridSx } from './components/memory-grid.sx';
import { MemoryFilters } from './components/MemoryFilters';
import type { MemoryActions } from './components/memory-actions';
import { MemoryGridCard } from './components/MemoryGridCard';
import { MemoryPager } from './components/MemoryPager';
import { OnThisDay } from './components/OnThisDay';
import { SearchHint } from './components/SearchHint';
import { TodayPrompt } from './components/TodayPrompt';
import { useLockedJournalSearch } from './hooks/useLockedJournalSearch';
import { useMemoryTags } from './hooks/useMemoryTags';
import { useMyMemories, type ListedMemory } from './hooks/useMyMemories';
import { useOnThisDay } from './hooks/useOnThisDay';
import {
  DEFAULT_FILTERS,
  defaultSort,
  filtersFromSearch,
  hasActiveFilters,
  searchFromFilters,
  type DashboardFilters,
} from './utils/dashboard-filters.util';

/** How long typing pauses before the results follow the search box. */
const SEARCH_AS_YOU_TYPE_DELAY_MS = 300;

// The table, the delete dialog and the snackbar are fetched only when the list view or a delete first needs them
// (an error's Alert too, see ListError): they keep the first load of /dashboard (grid view) within its budget. Each
// sits in a LazyPartBoundary, so a chunk lost to a dropped network leaves the rest of the page working, and is fetched again
// the next time it is needed (another page of the list, another delete, another notice).
const loadDashboardNotice = () => import('./components/DashboardNotice');
const MemoryListTable = lazyPart(() =>
  import('./components/MemoryListTable').then(({ MemoryListTable }) => MemoryListTable),
);
const DashboardNotice = lazyPart(() => loadDashboardNotice().then(({ DashboardNotice }) => DashboardNotice));

/** The memory handed to the viewer and the editor: exactly a memory, without a search hit's snippet. */
function withoutHighlight({ highlight: _highlight, ...memory }: ListedMemory): Memory {
  return memory;
}

/**
 * What the search box says about locked journals: the one shown is searched here or needs unlocking; every journal's
 * search cannot read the locked ones (said only when there is one).
 */
function lockedSearchScope(
  shown: Journal | undefined,
  unlocked: ReadonlySet<string>,
  someLocked: boolean,
): LockedSearchScope | undefined {
  if (shown?.locked) return { kind: unlocked.has(shown.id) ? 'on-device' : 'needs-unlock', journal: shown };
  return !shown && someLocked ? { kind: 'server-only' } : undefined;
}

/** Fetches the delete dialog and the snackbar that reports its outcome as soon as a delete is asked for. */
function preloadDeleteFlow(): void {
  preloadConfirmDialog();
  loadDashboardNotice().catch(() => undefined);
}

/** /dashboard (exposed as `memories/DashboardPage`): the spec's "My Memories list", its state kept in the URL query. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const [reloadKey, setReloadKey] = useState(0);
  const journals = useJournals();
  const shownJournal = filters.journal === 'all' ? undefined : journals.byId(filters.journal);
  // The server holds a locked journal's memories as ciphertext: its search runs here (or waits for an unlock).
  const lockedSearch = useLockedJournalSearch(shownJournal, filters, reloadKey);
  const serverList = useMyMemories(filters, reloadKey, lockedSearch.status === 'off');
  const list = lockedSearch.status === 'off' ? serverList : lockedSearch;
  const decrypting = lockedSearch.status === 'loading' ? lockedSearch.progress : null;
  const tags = useMemoryTags(reloadKey);
  const unlockedIds = useUnlockedJournalIds();
  // The switcher and the cards' colours only mean something once there is more than one journal.
  const several = journals.journals.length > 1;
  const journalLabels = several
    ? { all: 'All journals', ...Object.fromEntries(journals.journals.map((journal) => [journal.id, journal.name])) }
    : null;
  const searchScope = lockedSearchScope(
    shownJournal,
    unlockedIds,
    several && journals.journals.some((journal) => journal.locked),
  );
  // Looking back is for the list as it first opens, not for a search or a filtered list.
  const firstOpen = !hasActiveFilters(filters) && filters.page === 0;
  const onThisDay = useOnThisDay(firstOpen);
  const navigate = useNavigate();
  const searchId = useId();
  const [searchText, setSearchText] = useState(filters.search);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Memory | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  // Kept apart from the notice so the snackbar can animate out with its text still in it.
  const [noticeOpen, setNoticeOpen] = useState(false);

  // The typing's timer fires after later renders: a journal or filter picked meanwhile (its navigation may still have
  // been rendering when the key was pressed) must stay, so each change applies to the filters as they are by then.
  const latestFilters = useRef(filters);
  useEffect(() => {
    latestFilters.current = filters;
  });
  // Back/forward and shared links change the query under the box; keep the box in step.
  useEffect(() => setSearchText(filters.search), [filters.search]);
  useEffect(() => () => clearTimeout(typing.current), []);

  const update = (change: Partial<DashboardFilters>, options?: { replace: boolean }) => {
    const current = latestFilters.current;
    const next = { ...current, page: 0, ...change };
    // A new search is ranked by relevance; clearing it goes back to the list's order.
    if (change.search !== undefined && change.search !== current.search && current.sort === defaultSort(current.search))
      next.sort = defaultSort(next.search);
    // Every change but paging starts again at the first page.
    setSearchParams(searchFromFilters(next), options);
  };
  const search = (text: string) => {
    clearTimeout(typing.current);
    setSearchText(text);
    update({ search: text.trim() });
  };
  const typeSearch = (text: string) => {
    setSearchText(text);
    clearTimeout(typing.current);
    // Results follow the typing; the steps while typing replace each other in the history, one entry per search.
    typing.current = setTimeout(
      () => text.trim() !== latestFilters.current.search && update({ search: text.trim() }, { replace: true }),
      SEARCH_AS_YOU_TYPE_DELAY_MS,
    );
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    search(searchText);
  };
  const actions = {
    onView: (memory: ListedMemory) => navigate(`/memory/${memory.id}`, { state: { memory: withoutHighlight(memory) } }),
    onEdit: (memory: ListedMemory) =>
      navigate(`/memory/edit/${memory.id}`, { state: { memory: withoutHighlight(memory) } }),
    onDelete: (memory: Memory) => {
      preloadDeleteFlow();
      setToDelete(memory);
    },
    // A journal not known yet offers all.
    mayChange: (memory: Memory) => journals.mayChange(memory) ?? true,
  };
  const showNotice = (severity: 'success' | 'error', text: string) => {
    setNotice({ severity, text });
    setNoticeOpen(true);
  };
  const confirmDelete = async (memory: Memory) => {
    setDeleting(true);
    try {
      const message = await memoriesApi.remove(memory.id);
      showNotice('success', message ?? MEMORY_MESSAGES.deleted);
      // The last card of a later page is gone: step back rather than show an empty page.
      if (list.status === 'ready' && list.memories.length === 1 && filters.page > 0) update({ page: filters.page - 1 });
      setReloadKey((key) => key + 1);
    } catch (error) {
      showNotice('error', error instanceof Error ? error.message : String(error));
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 1.5, sm: 3 } }} data-testid="remote-memories">
      <Typography variant="h4" component="h1">
        My Memories
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="memories-total">
        {list.status === 'ready'
          ? shownJournal
            ? `Total ${list.pagination.totalElements}${list.limited ? '+' : ''} memories in ${shownJournal.name}`
            : `Total ${list.pagination.totalElements}${list.limited ? '+' : ''} memories you have created`
          : '\u00a0'}
      </Typography>

      <Box component="form" role="search" onSubmit={submitSearch} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          {/* What TextField renders, without TextField: it would also bring Select and the other input variants. */}
          <FormControl size="small" fullWidth>
            <InputLabel htmlFor={searchId}>Search memories</InputLabel>
            <OutlinedInput
              id={searchId}
              label="Search memories"
              type="search"
              value={searchText}
              onChange={(event) => typeSearch(event.target.value)}
              inputProps={{
                'aria-describedby': searchScope ? `${searchId}-hint ${searchId}-scope` : `${searchId}-hint`,
                enterKeyHint: 'search',
              }}
            />
          </FormControl>
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Stack>
        <SearchHint id={`${searchId}-hint`} />
        {searchScope && <LockedSearchNote id={`${searchId}-scope`} scope={searchScope} />}
      </Box>

      <MemoryFilters
        filters={filters}
        journalLabels={journalLabels}
        tags={tags}
        onChange={update}
        onClear={() => {
          clearTimeout(typing.current);
          setSearchText('');
          setSearchParams(searchFromFilters(DEFAULT_FILTERS));
        }}
      />

      <TodayPrompt enabled={firstOpen} />
      <OnThisDay memories={onThisDay} />

      {list.status === 'loading' &&
        (decrypting ? <DecryptingProgress progress={decrypting} /> : <MemoriesSkeleton view={filters.view} />)}
      {list.status === 'error' && <ListError message={list.message} />}
      {list.status === 'ready' && list.suggestion && <DidYouMean suggestion={list.suggestion} onPick={search} />}
      {list.status === 'ready' && list.memories.length === 0 && <EmptyMemories filtered={hasActiveFilters(filters)} />}
      {list.status === 'ready' && list.memories.length > 0 && (
        <>
          {filters.view === 'grid' ? (
            <MemoryGrid memories={list.memories} actions={actions} journalOf={several ? journals.byId : undefined} />
          ) : (
            // Without the table's code the same memories still show, as cards.
            <LazyPartBoundary
              fallback={<MemoryGrid memories={list.memories} actions={actions} />}
              loading={<MemoriesSkeleton view="list" />}
              retryKey={list.memories}
            >
              <MemoryListTable memories={list.memories} {...actions} />
            </LazyPartBoundary>
          )}
          <MemoryPager
            page={list.pagination.currentPage}
            pageSize={list.pagination.pageSize}
            totalPages={list.pagination.totalPages}
            totalElements={list.pagination.totalElements}
            onPage={(page) => setSearchParams(searchFromFilters({ ...filters, page }))}
          />
        </>
      )}

      {toDelete && (
        <ConfirmDialog
          key={toDelete.id}
          title={MEMORY_DELETE_CONFIRMATION.title}
          message={MEMORY_DELETE_CONFIRMATION.question(memoryTitleText(toDelete))}
          confirmLabel={MEMORY_DELETE_CONFIRMATION.confirmLabel}
          destructive
          busy={deleting}
          onCancel={() => setToDelete(null)}
          onConfirm={() => void confirmDelete(toDelete)}
        />
      )}
      {notice && (
        <LazyPartBoundary
          fallback={noticeOpen ? <Typography role="status">{notice.text}</Typography> : null}
          retryKey={notice}
        >
          <DashboardNotice
            open={noticeOpen}
            severity={notice.severity}
            text={notice.text}
            onClose={() => setNoticeOpen(false)}
          />
        </LazyPartBoundary>
      )}
    </Container>
  );
}

interface MemoryGridProps {
  memories: readonly ListedMemory[];
  actions: MemoryActions;
  /** The journal of a card, shown as its colour (when the person has several). */
  journalOf?: (id: string) => Journal | undefined;
}

function MemoryGrid({ memories, actions, journalOf }: MemoryGridProps) {
  return (
    <Box sx={memoryGridSx}>
      {memories.map((memory) => (
        <MemoryGridCard key={memory.id} memory={memory} journal={journalOf?.(memory.journalId)} {...actions} />
      ))}
    </Box>
  );
}
