import { mayChangeMemory, type Journal, type Memory } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { useEffect, useSyncExternalStore } from 'react';
import { journalsStore } from '@memories/web-journals/journals-store';
import type { JournalsState } from './journals-store';

/** The signed-in person's journals (loaded on first use), and a way to load them again after a change. */
export function useJournals(): JournalsState & {
  refresh: () => Promise<void>;
  byId: (id: string) => Journal | undefined;
  /**
   * Whether the signed-in person may edit and delete a memory, by their role in its journal and whether they wrote it
   * (what the server allows); undefined while that journal is not among theirs.
   */
  mayChange: (memory: Pick<Memory, 'journalId' | 'ownerId'>) => boolean | undefined;
} {
  const userId = useSession().user?.id;
  useEffect(() => {
    if (userId) journalsStore.ensure(userId);
  }, [userId]);
  const state = useSyncExternalStore(journalsStore.subscribe, journalsStore.getSnapshot, journalsStore.getSnapshot);
  const byId = (id: string) => state.journals.find((journal) => journal.id === id);
  return {
    ...state,
    refresh: () => journalsStore.refresh(),
    byId,
    mayChange: (memory) => {
      const journal = byId(memory.journalId);
      return journal && mayChangeMemory(journal.role, memory.ownerId === userId);
    },
  };
}
