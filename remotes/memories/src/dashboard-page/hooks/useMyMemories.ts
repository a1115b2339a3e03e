import type { Memory, Pagination } from '@memories/contracts';
import { journalsApi, memoriesApi } from '@memories/web-api-client';
import { offlineReading, readThrough, useKeptCopyShown } from '@memories/web-offline';
import { useSession } from '@memories/web-session';
import { useEffect, useState } from 'react';
import { DEFAULT_FILTERS, listQueryFor, searchQueryFor, type DashboardFilters } from '../utils/dashboard-filters.util';

/** A memory of the list; a search hit also carries its snippet (markup with `<mark>`, see HighlightedSnippet). */
export type ListedMemory = Memory & { highlight?: string };

export type MyMemoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | {
      status: 'ready';
      memories: ListedMemory[];
      pagination: Pagination;
      suggestion?: string;
      limited: boolean;
      /** Epoch milliseconds of the kept page shown because the server could not be reached; null when it answered. */
      keptAt: number | null;
    };

type ListAnswer = Omit<Extract<MyMemoriesState, { status: 'ready' }>, 'status' | 'keptAt'>;

type Request =
  | { kind: 'list'; query: ReturnType<typeof listQueryFor> }
  | { kind: 'journal'; journalId: string; query: ReturnType<typeof listQueryFor> }
  | { kind: 'search'; query: ReturnType<typeof searchQueryFor> };

/**
 * The page of the caller's memories for the filters: the list (of one journal's memories, every member's, when a
 * journal is chosen), or the search while there are words to search for.
 * Reloads when they (or `reloadKey`) change, dropping stale answers, so results typed ahead never land late. Each
 * page is kept on this device under its query; when the server cannot be reached, the kept page is shown.
 * Asks nothing while not `enabled` (a search in a locked journal runs in the browser: see useLockedJournalSearch).
 */
export function useMyMemories(filters: DashboardFilters, reloadKey: number, enabled = true): MyMemoriesState {
  const userId = useSession().user?.id ?? '';
  const [state, setState] = useState<MyMemoriesState>({ status: 'loading' });
  const now = new Date();
  const request: Request = filters.search
    ? { kind: 'search', query: searchQueryFor(filters, now) }
    : filters.journal === DEFAULT_FILTERS.journal
      ? { kind: 'list', query: listQueryFor(filters, now) }
      : { kind: 'journal', journalId: filters.journal, query: listQueryFor(filters, now) };
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const parsed = JSON.parse(requestKey) as Request;
    setState({ status: 'loading' });
    const signal = controller.signal;
    const load = (): Promise<ListAnswer> =>
      parsed.kind === 'search'
        ? memoriesApi.search(parsed.query, { signal })
        : (parsed.kind === 'journal'
            ? journalsApi.memories(parsed.journalId, parsed.query, { signal })
            : memoriesApi.listMine(parsed.query, { signal })
          ).then((list) => ({ ...list, limited: false }));
    readThrough({
      load,
      keep: (answer) => offlineReading.keepList(userId, requestKey, answer),
      kept: () => offlineReading.keptList<ListAnswer>(userId, requestKey),
    }).then(
      ({ value, keptAt }) => setState({ status: 'ready', ...value, keptAt }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [requestKey, reloadKey, userId, enabled]);
  useKeptCopyShown(enabled && state.status === 'ready' ? state.keptAt : null);
  return state;
}
