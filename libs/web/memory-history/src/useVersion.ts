import type { MemoryVersion } from '@memories/contracts';
import { memoryVersionsApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';

/** One kept version in full, with the current text to compare with; nothing while none is chosen. */
export function useVersion(
  memoryId: string,
  versionId: string | null,
): { version: MemoryVersion | null; error: string | null } {
  const [loaded, setLoaded] = useState<MemoryVersion | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (versionId === null) return undefined;
    const controller = new AbortController();
    setError(null);
    memoryVersionsApi.get(memoryId, versionId, { signal: controller.signal }).then(setLoaded, (failure: unknown) => {
      if (!controller.signal.aborted) setError(failure instanceof Error ? failure.message : String(failure));
    });
    return () => controller.abort();
  }, [memoryId, versionId]);

  return { version: loaded?.id === versionId ? loaded : null, error };
}
