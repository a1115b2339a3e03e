import type { Journal, MemorySearchQuery } from '@memories/contracts';
import {
  loadLockedJournalSearch,
  useJournalKey,
  type LockedJournalSearch,
  type LockedSearchProgress,
} from '@memories/web-journals';
import { LAZY_PART_FAILED_MESSAGE } from '@memories/web-ui';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { searchQueryFor, type DashboardFilters } from '../utils/dashboard-filters.util';
import type { MyMemoriesState } from './useMyMemories';

type LockedSearchCode = Awaited<ReturnType<typeof loadLockedJournalSearch>>;

export type LockedSearchState =
  /** No search in a locked journal: the server's list or search applies. */
  | { status: 'off' }
  /** A search in a locked journal that is locked in this tab: nothing can be searched until it is unlocked. */
  | { status: 'needs-unlock' }
  /** The first search while the journal's memories are opened (`progress`), or a later one (null). */
  | { status: 'loading'; progress: LockedSearchProgress | null }
  | Exclude<MyMemoriesState, { status: 'loading' }>;

/**
 * The search of the dashboard while its journal switcher is set to a locked journal: in this tab, over the memories
 * opened with the journal's key (the server holds only their ciphertext). What was opened lives while the page shows
 * that journal with that key: another journal, a lock, a change to the memories (`reloadKey`) or leaving the page
 * drops it. Its code loads once a locked journal is chosen, while the person unlocks it or types what to look for.
 */
export function useLockedJournalSearch(
  journal: Journal | undefined,
  filters: DashboardFilters,
  reloadKey: number,
): LockedSearchState {
  const lockedId = journal?.locked ? journal.id : undefined;
  const name = journal?.name ?? '';
  const key = useJournalKey(lockedId);
  const [code, setCode] = useState<LockedSearchCode | null>(null);
  const [codeFailed, setCodeFailed] = useState(false);
  const searcher = useRef<LockedJournalSearch | null>(null);
  const [state, setState] = useState<LockedSearchState>({ status: 'loading', progress: null });
  const searching = lockedId !== undefined && filters.search !== '';
  const requestKey = searching && key ? JSON.stringify(searchQueryFor(filters, new Date())) : '';

  useEffect(() => {
    if (!lockedId || code) return undefined;
    let current = true;
    setCodeFailed(false);
    loadLockedJournalSearch().then(
      (loaded) => current && setCode(loaded),
      () => current && setCodeFailed(true),
    );
    return () => {
      current = false;
    };
  }, [lockedId, code, reloadKey]);

  // Declared before the search below, so a new searcher is in place when that effect runs in the same commit.
  useEffect(() => {
    if (!lockedId || !key || !code) return undefined;
    const created = new code.LockedJournalSearch({ id: lockedId, name }, key);
    searcher.current = created;
    return () => {
      created.dispose();
      searcher.current = null;
    };
  }, [lockedId, name, key, reloadKey, code]);

  useEffect(() => {
    const current = searcher.current;
    if (!requestKey || !current) return undefined;
    const controller = new AbortController();
    setState({ status: 'loading', progress: null });
    const show = (progress: LockedSearchProgress) => setState({ status: 'loading', progress });
    // Progress is rendered at once (flushSync) as the journal opens: the page's tasks are then its memories'
    // decryptions, one after another, and a render left to React's scheduler waited behind all of them (no progress
    // until the answer, at 4x throttle). Not inside this effect, where search() may report the progress so far.
    let opening = false;
    current
      .search(JSON.parse(requestKey) as MemorySearchQuery, {
        signal: controller.signal,
        onProgress: (progress) => (opening ? flushSync(() => show(progress)) : show(progress)),
      })
      .then(
        (answer) => !controller.signal.aborted && setState({ status: 'ready', ...answer, keptAt: null }),
        (error: unknown) =>
          !controller.signal.aborted &&
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
    opening = true;
    return () => controller.abort();
    // The searcher is new whenever the journal, its key or reloadKey change: search again with it.
  }, [requestKey, lockedId, name, key, reloadKey, code]);

  if (!searching) return { status: 'off' };
  if (!key) return { status: 'needs-unlock' };
  // Another journal, or the list loaded again (reloadKey), tries to load it again.
  if (codeFailed && !code) return { status: 'error', message: LAZY_PART_FAILED_MESSAGE };
  return state;
}
