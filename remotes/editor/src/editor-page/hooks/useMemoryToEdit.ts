import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';

export interface MemoryToEdit {
  memory: Memory | null;
  error: string | null;
}

/**
 * The memory behind /memory/edit/:id (spec section 4): the one handed over in navigation state when its id
 * matches, otherwise fetched by id. Nothing for /memory/create (no id).
 */
export function useMemoryToEdit(id: string | undefined, handedOver: Memory | undefined): MemoryToEdit {
  const fromState = id !== undefined && handedOver?.id === id ? handedOver : null;
  const [fetched, setFetched] = useState<{ id: string; memory: Memory | null; error: string | null } | null>(null);

  // Only a new id calls for a fetch; a memory handed over later (the page's own saves) needs none.
  const fetchId = fromState === null ? id : undefined;

  useEffect(() => {
    if (fetchId === undefined) return undefined;
    const memoryId = fetchId;
    const controller = new AbortController();
    memoriesApi.get(memoryId, { signal: controller.signal }).then(
      (memory) => setFetched({ id: memoryId, memory, error: null }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setFetched({ id: memoryId, memory: null, error: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => controller.abort();
  }, [fetchId]);

  if (fromState) return { memory: fromState, error: null };
  if (fetched && fetched.id === id) return { memory: fetched.memory, error: fetched.error };
  return { memory: null, error: null };
}
