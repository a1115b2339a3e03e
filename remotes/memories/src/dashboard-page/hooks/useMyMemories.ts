import type { Memory, Pagination } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { offlineReading, readThrough, useKeptCopyShown } from '@memories/web-offline';
import { useSession } from '@memories/web-session';
import { useEffect, useState } from 'react';
import { listQueryFor, searchQueryFor, type DashboardFilters } from '../utils/dashboard-filters.util';

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
  | { kind: 'search'; query: ReturnType<typeof searchQueryFor> };

/**
 * The page of the caller's memories for the filters: the list, or the search while there are words to search for.
 * Reloads when they (or `reloadKey`) change, dropping stale answers, so results typed ahead never land late. Each
 * page is kept on this device under its query; when the server cannot be reached, the kept page is shown.
 */
export function useMyMemories(filters: DashboardFilters, reloadKey: number): MyMemoriesState {
  const userId = useSession().user?.id ?? '';
  const [state, setState] = useState<MyMemoriesState>({ status: 'loading' });
  const now = new Date();
  const request: Request = filters.search
    ? { kind: 'search', query: searchQueryFor(filters, now) }
    : { kind: 'list', query: listQueryFor(filters, now) };
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    const controller = new AbortController();
    const { kind, query } = JSON.parse(requestKey) as Request;
    setState({ status: 'loading' });
    const load = (): Promise<ListAnswer> =>
      kind === 'search'
        ? memoriesApi.search(query, { signal: controller.signal })
        : memoriesApi.listMine(query, { signal: controller.signal }).then((list) => ({ ...list, limited: false }));
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
  }, [requestKey, reloadKey, userId]);
  useKeptCopyShown(state.status === 'ready' ? state.keptAt : null);
  return state;
}
