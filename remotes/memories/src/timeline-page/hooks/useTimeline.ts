import type { MemorySummary } from '@memories/contracts';
import { rediscoveryApi } from '@memories/web-api-client';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Memories one page of the timeline brings. */
export const TIMELINE_PAGE_SIZE = 20;

export interface TimelineState {
  entries: MemorySummary[];
  /** A page is on its way. */
  loading: boolean;
  /** Older memories are there to load. */
  hasMore: boolean;
  error?: string;
  loadMore: () => void;
}

/**
 * The timeline, newest first, one keyset page after another (each asks for what follows the last memory shown,
 * so a page deep in the past costs what the first does). `until` starts it at the end of that day instead;
 * `journalId` shows one journal's memories (by every member) instead of the person's own.
 */
export function useTimeline(until: string | undefined, journalId?: string): TimelineState {
  const [entries, setEntries] = useState<MemorySummary[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(
    (after: string | undefined, replace: boolean) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setLoading(true);
      setError(undefined);
      const query = {
        size: TIMELINE_PAGE_SIZE,
        ...(journalId ? { journalId } : {}),
        ...(after ? { cursor: after } : until ? { until } : {}),
      };
      rediscoveryApi.timeline(query, { signal: controller.signal }).then(
        (page) => {
          setEntries((shown) => (replace ? page.entries : [...shown, ...page.entries]));
          setCursor(page.nextCursor);
          setLoading(false);
        },
        (failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(failure instanceof Error ? failure.message : String(failure));
          setLoading(false);
        },
      );
    },
    [until, journalId],
  );

  useEffect(() => {
    setEntries([]);
    setCursor(undefined);
    load(undefined, true);
    return () => inFlight.current?.abort();
  }, [load]);

  const loadMore = useCallback(() => {
    // After a failure the same page is asked for again.
    if (!loading && cursor) load(cursor, false);
    else if (!loading && error && cursor === undefined) load(undefined, true);
  }, [cursor, error, load, loading]);

  return { entries, loading, hasMore: cursor !== null, error, loadMore };
}
