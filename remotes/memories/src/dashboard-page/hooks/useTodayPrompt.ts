import type { Prompt } from '@memories/contracts';
import { promptsApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';
import { localDay } from '../../utils/local-day.util';

/**
 * The day's prompt (the same all day, another tomorrow), for the person's own calendar day; null while loading, and
 * when it cannot be read (offline): the dashboard then simply shows none.
 */
export function useTodayPrompt(enabled: boolean): Prompt | null {
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    promptsApi.today(localDay()).then(
      (today) => current && setPrompt(today),
      (error: unknown) => current && console.error(error),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return enabled ? prompt : null;
}
