import type { Journal } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { useEffect, useSyncExternalStore } from 'react';
import { journalsStore } from '@memories/web-journals/journals-store';
import type { JournalsState } from './journals-store';

/** The signed-in person's journals (loaded on first use), and a way to load them again after a change. */
export function useJournals(): JournalsState & {
  refresh: () => Promise<void>;
  byId: (id: string) => Journal | undefined;
} {
  const userId = useSession().user?.id;
  useEffect(() => {
    if (userId) journalsStore.ensure(userId);
  }, [userId]);
  const state = useSyncExternalStore(journalsStore.subscribe, journalsStore.getSnapshot, journalsStore.getSnapshot);
  return {
    ...state,
    refresh: () => journalsStore.refresh(),
    byId: (id) => state.journals.find((journal) => journal.id === id),
  };
}
