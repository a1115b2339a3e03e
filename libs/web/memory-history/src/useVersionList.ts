import type { MemoryVersionSummary } from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { useCallback, useEffect, useState } from 'react';

/** Versions fetched per page of the list ("Show older versions" fetches the next). */
export const VERSIONS_PER_PAGE = 50;

export interface VersionList {
  versions: MemoryVersionSummary[];
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
}

/** The kept versions of a memory, newest first, a page at a time. */
export function useVersionList(memoryId: string): VersionList {
  const [versions, setVersions] = useState<MemoryVersionSummary[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    memoryVersionsApi.list(memoryId, { page, size: VERSIONS_PER_PAGE }, { signal: controller.signal }).then(
      ({ versions: loaded, pagination }) => {
        setVersions((earlier) => (page === 0 ? loaded : [...earlier, ...loaded]));
        setHasMore(pagination?.hasNext ?? false);
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(failure instanceof Error ? failure.message : String(failure));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [memoryId, page]);

  const loadMore = useCallback(() => setPage((current) => current + 1), []);
  return { versions, loading, error, hasMore, loadMore };
}
