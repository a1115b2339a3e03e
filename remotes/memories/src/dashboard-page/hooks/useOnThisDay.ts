import type { OnThisDayMemory } from '@memories/contracts';
import { rediscoveryApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';
import { localDay } from '../../utils/local-day.util';

/** The caller's memories of this day in earlier years; none while loading, and a failure is only logged. */
export function useOnThisDay(enabled: boolean): OnThisDayMemory[] {
  const [memories, setMemories] = useState<OnThisDayMemory[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    rediscoveryApi
      .onThisDay({ date: localDay() }, { signal: controller.signal })
      .then(setMemories, (error: unknown) => {
        if (!controller.signal.aborted) console.error(error);
      });
    return () => controller.abort();
  }, [enabled]);
  return enabled ? memories : [];
}
