import { unlockedJournals } from '@memories/web-crypto/unlocked-journals';
import { useSyncExternalStore } from 'react';

/** The key of a journal while it is unlocked in this tab (undefined while it is locked), following every change. */
export function useJournalKey(journalId: string | undefined): CryptoKey | undefined {
  const snapshot = useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot);
  return journalId && snapshot.unlocked.has(journalId) ? unlockedJournals.key(journalId) : undefined;
}

/** The ids of the journals unlocked in this tab, following every change. */
export function useUnlockedJournalIds(): ReadonlySet<string> {
  return useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot).unlocked;
}
