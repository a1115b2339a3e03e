import type { Memory, Pagination } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';
import { listQueryFor, searchQueryFor, type DashboardFilters } from '../utils/dashboard-filters.util';

/** A memory of the list; a search hit also carries its snippet (markup with `<mark>`, see HighlightedSnippet). */
export type ListedMemory = Memory & { highlight?: string };

export type MyMemoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; memories: ListedMemory[]; pagination: Pagination; suggestion?: string; limited: boolean };

type Request = { kind: 'list'; query: ReturnType<typeof listQueryFor> } | { kind: 'search'; query: ReturnType<typeof searchQueryFor> };

/**
 * The page of the caller's memories for the filters: the list, or the search while there are words to search for.
 * Reloads when they (or `reloadKey`) change, dropping stale answers, so results typed ahead never land late.
 */
export function useMyMemories(filters: DashboardFilters, reloadKey: number): MyMemoriesState {
  const [state, setState] = useState<MyMemoriesState>({ status: 'loading' });
  const now = new Date();
  const request: Request = filters.search ? { kind: 'search', query: searchQueryFor(filters, now) } : { kind: 'list', query: listQueryFor(filters, now) };
  const requestKey = JSON.stringify(request);
  useEffect(() => {
    const controller = new AbortController();
    const { kind, query } = JSON.parse(requestKey) as Request;
    setState({ status: 'loading' });
    const answer =
      kind === 'search'
        ? memoriesApi.search(query, { signal: controller.signal })
        : memoriesApi.listMine(query, { signal: controller.signal }).then((list) => ({ ...list, limited: false }));
    answer.then(
      (result) => setState({ status: 'ready', ...result }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [requestKey, reloadKey]);
  return state;
}
