import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MEMORY_MESSAGES, type Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyMemories } from './components/EmptyMemories';
import { MemoriesSkeleton } from './components/MemoriesSkeleton';
import { memoryGridSx } from './components/memory-grid.sx';
import { MemoryFilters } from './components/MemoryFilters';
import { MemoryGridCard } from './components/MemoryGridCard';
import { MemoryPager } from './components/MemoryPager';
import { useMemoryTags } from './hooks/useMemoryTags';
import { useMyMemories } from './hooks/useMyMemories';
import { DEFAULT_FILTERS, filtersFromSearch, hasActiveFilters, searchFromFilters, type DashboardFilters } from './utils/dashboard-filters.util';

// The table, and the dialog's modal machinery, are fetched only when the list view or a delete first needs them:
// they keep the first load of /dashboard (grid view) within its budget.
const MemoryListTable = lazy(() => import('./components/MemoryListTable').then(({ MemoryListTable }) => ({ default: MemoryListTable })));
const DeleteMemoryDialog = lazy(() => import('./components/DeleteMemoryDialog').then(({ DeleteMemoryDialog }) => ({ default: DeleteMemoryDialog })));

/** /dashboard (exposed as `memories/DashboardPage`): the spec's "My Memories list", its state kept in the URL query. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const [reloadKey, setReloadKey] = useState(0);
  const list = useMyMemories(filters, reloadKey);
  const tags = useMemoryTags(reloadKey);
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState(filters.search);
  const [toDelete, setToDelete] = useState<Memory | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  // Back/forward and shared links change the query under the box; keep the box in step.
  useEffect(() => setSearchText(filters.search), [filters.search]);

  const update = (change: Partial<DashboardFilters>) =>
    // Every change but paging starts again at the first page.
    setSearchParams(searchFromFilters({ ...filters, page: 0, ...change }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: searchText.trim() });
  };
  const actions = {
    onView: (memory: Memory) => navigate(`/memory/${memory.id}`, { state: { memory } }),
    onEdit: (memory: Memory) => navigate(`/memory/edit/${memory.id}`, { state: { memory } }),
    onDelete: setToDelete,
  };
  const confirmDelete = async (memory: Memory) => {
    setDeleting(true);
    try {
      const message = await memoriesApi.remove(memory.id);
      setNotice({ severity: 'success', text: message ?? MEMORY_MESSAGES.deleted });
      // The last card of a later page is gone: step back rather than show an empty page.
      if (list.status === 'ready' && list.memories.length === 1 && filters.page > 0) update({ page: filters.page - 1 });
      setReloadKey((key) => key + 1);
    } catch (error) {
      setNotice({ severity: 'error', text: error instanceof Error ? error.message : String(error) });
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
        {list.status === 'ready' ? `Total ${list.pagination.totalElements} memories you have created` : '\u00a0'}
      </Typography>

      <Box component="form" role="search" onSubmit={submitSearch} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            fullWidth
            label="Search memories"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Stack>
      </Box>

      <MemoryFilters
        filters={filters}
        tags={tags}
        onChange={update}
        onClear={() => {
          setSearchText('');
          setSearchParams(searchFromFilters(DEFAULT_FILTERS));
        }}
      />

      {list.status === 'loading' && <MemoriesSkeleton view={filters.view} />}
      {list.status === 'error' && <Alert severity="error">{list.message}</Alert>}
      {list.status === 'ready' && list.memories.length === 0 && <EmptyMemories filtered={hasActiveFilters(filters)} />}
      {list.status === 'ready' && list.memories.length > 0 && (
        <>
          {filters.view === 'grid' ? (
            <Box sx={memoryGridSx}>
              {list.memories.map((memory) => (
                <MemoryGridCard key={memory.id} memory={memory} {...actions} />
              ))}
            </Box>
          ) : (
            <Suspense fallback={<MemoriesSkeleton view="list" />}>
              <MemoryListTable memories={list.memories} {...actions} />
            </Suspense>
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
        <Suspense fallback={null}>
          <DeleteMemoryDialog memory={toDelete} busy={deleting} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
        </Suspense>
      )}
      <Snackbar open={notice !== null} autoHideDuration={4000} onClose={() => setNotice(null)}>
        {notice ? <Alert severity={notice.severity}>{notice.text}</Alert> : undefined}
      </Snackbar>
    </Container>
  );
}
