import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { offlineReading, readThrough, useKeptCopyShown } from '@memories/web-offline';
import { useSession } from '@memories/web-session';
import { useCallback, useEffect, useState } from 'react';

export interface MemoryLoad {
  memory: Memory | null;
  loading: boolean;
  error: string | null;
  /** Fetches the memory again from the server (after publishing). */
  reload: () => void;
  /** Epoch milliseconds of the kept copy shown when the server could not be reached; null for the server's answer. */
  keptAt: number | null;
}

/**
 * The memory for /memory/:id. A memory handed over in navigation state is shown at once when its id matches
 * (the dashboard already has it); otherwise, and on reload, it comes from the server. Every memory read is kept on
 * this device for its reader; when the server cannot be reached, the kept copy is shown and the Offline banner says
 * from when. Offline, a handed-over memory may itself be a kept copy, so the kept copy is read instead, with its time.
 */
export function useMemory(id: string, handedOver: Memory | undefined): MemoryLoad {
  const { user, isOffline } = useSession();
  const userId = user?.id ?? '';
  const offline = isOffline || (typeof navigator !== 'undefined' && navigator.onLine === false);
  const fromState = handedOver?.id === id && !offline ? handedOver : null;
  const [memory, setMemory] = useState<Memory | null>(fromState);
  const [keptAt, setKeptAt] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fetchCount, setFetchCount] = useState(fromState ? 0 : 1);

  useEffect(() => {
    // Opened from the list: it is read now, so it stays among the kept ones.
    if (fromState && userId) void offlineReading.keepMemories(userId, [fromState]).catch(() => undefined);
  }, [fromState, userId]);

  useEffect(() => {
    if (fetchCount === 0) return undefined;
    const controller = new AbortController();
    setError(null);
    readThrough({
      load: () => memoriesApi.get(id, { signal: controller.signal }),
      keep: (loaded) => offlineReading.keepMemories(userId, [loaded]),
      kept: () => offlineReading.keptMemory(userId, id),
    }).then(
      (read) => {
        setMemory(read.value);
        setKeptAt(read.keptAt);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [id, fetchCount, userId]);
  useKeptCopyShown(keptAt);

  const reload = useCallback(() => setFetchCount((count) => count + 1), []);
  return { memory, loading: memory === null && error === null, error, reload, keptAt };
}
