import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useCallback, useEffect, useState } from 'react';

export interface MemoryLoad {
  memory: Memory | null;
  loading: boolean;
  error: string | null;
  /** Fetches the memory again from the server (after publishing). */
  reload: () => void;
}

/**
 * The memory for /memory/:id. A memory handed over in navigation state is shown at once when its id matches
 * (the dashboard already has it); otherwise, and on reload, it comes from the server.
 */
export function useMemory(id: string, handedOver: Memory | undefined): MemoryLoad {
  const fromState = handedOver?.id === id ? handedOver : null;
  const [memory, setMemory] = useState<Memory | null>(fromState);
  const [error, setError] = useState<string | null>(null);
  const [fetchCount, setFetchCount] = useState(fromState ? 0 : 1);

  useEffect(() => {
    if (fetchCount === 0) return undefined;
    const controller = new AbortController();
    setError(null);
    memoriesApi.get(id, { signal: controller.signal }).then(
      (loaded) => setMemory(loaded),
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [id, fetchCount]);

  const reload = useCallback(() => setFetchCount((count) => count + 1), []);
  return { memory, loading: memory === null && error === null, error, reload };
}
