import type { Memory, Pagination } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';
import { listQueryFor, type DashboardFilters } from '../utils/dashboard-filters.util';

export type MyMemoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; memories: Memory[]; pagination: Pagination };

/** The page of the caller's memories for the filters; reloads when they (or `reloadKey`) change, dropping stale answers. */
export function useMyMemories(filters: DashboardFilters, reloadKey: number): MyMemoriesState {
  const [state, setState] = useState<MyMemoriesState>({ status: 'loading' });
  const queryKey = JSON.stringify(listQueryFor(filters, new Date()));
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    memoriesApi.listMine(JSON.parse(queryKey), { signal: controller.signal }).then(
      ({ memories, pagination }) => setState({ status: 'ready', memories, pagination }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [queryKey, reloadKey]);
  return state;
}
