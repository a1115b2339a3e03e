import { memoriesApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';
import { useIsRehearsal } from '../rehearsal/rehearsal-context';

/** The user's existing tags for suggestions; a load failure is only logged (spec section 7, "Answers"). */
export function useExistingTags(): string[] {
  const [tags, setTags] = useState<string[]>([]);
  const rehearsal = useIsRehearsal();
  useEffect(() => {
    if (rehearsal) return undefined;
    const controller = new AbortController();
    memoriesApi.tags({ signal: controller.signal }).then(setTags, (error: unknown) => {
      if (!controller.signal.aborted) console.error(error);
    });
    return () => controller.abort();
  }, [rehearsal]);
  return tags;
}
