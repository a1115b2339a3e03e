import type { Memory } from '@memories/contracts';
import { memoriesApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';

/** Spec section 9: the profile loads the first 100 of the caller's memories and the first 100 shared with them. */
export const PROFILE_LOAD_SIZE = 100;

export type ProfileMemoriesState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; mine: Memory[]; totalMine: number; shared: Memory[] };

/** Both loads together; a failed shared load counts as an empty list (spec section 7, "Answers"). */
export function useProfileMemories(): ProfileMemoriesState {
  const [state, setState] = useState<ProfileMemoriesState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const page = { page: 0, size: PROFILE_LOAD_SIZE };
    Promise.all([
      memoriesApi.listMine(page, { signal: controller.signal }),
      memoriesApi.listShared(page, { signal: controller.signal }).then(
        (list) => list.memories,
        (): Memory[] => [],
      ),
    ]).then(
      ([mine, shared]) =>
        setState({ status: 'ready', mine: mine.memories, totalMine: mine.pagination.totalElements, shared }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
