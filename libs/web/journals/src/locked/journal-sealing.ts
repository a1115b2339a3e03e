import type { Journal, Memory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { journalsStore } from '@memories/web-journals/journals-store';

/** How what is written into a journal leaves this device: as it is, sealed with this key, or not until unlocked. */
export type JournalSealing = { kind: 'plain' } | { kind: 'sealed'; key: CryptoKey } | { kind: 'locked' };

/**
 * The sealing a save into `journalId` needs. A locked journal's (see isInLockedJournal) is sealed with its key, or
 * refused while it is locked here: either way nothing of it is written in plain text, on the server or in the
 * device's outbox.
 */
export function journalSealing(journalId: string | undefined, memory?: Pick<Memory, 'sealed'> | null): JournalSealing {
  const key = journalId ? unlockedJournals.key(journalId) : undefined;
  if (key) return { kind: 'sealed', key };
  const journal = journalsStore.getSnapshot().journals.find((each) => each.id === journalId);
  return isInLockedJournal(journal, memory) ? { kind: 'locked' } : { kind: 'plain' };
}

/**
 * Whether a memory of `journal` is in a locked journal: the journal says so, or the memory is sealed already (the
 * journals may not be loaded yet, offline).
 */
export function isInLockedJournal(
  journal: Pick<Journal, 'locked'> | undefined,
  memory?: Pick<Memory, 'sealed'> | null,
): boolean {
  return memory?.sealed !== undefined || journal?.locked === true;
}
