import type { Memory } from '@memories/contracts';
import { unlockedJournals } from '@memories/web-crypto';
import { journalsStore } from '../store/default-journals-store';

/** How what is written into a journal leaves this device: as it is, sealed with this key, or not until unlocked. */
export type JournalSealing = { kind: 'plain' } | { kind: 'sealed'; key: CryptoKey } | { kind: 'locked' };

/**
 * The sealing a save into `journalId` needs. A journal is locked when this person's journals say so or when the
 * memory being saved is already sealed (the journals may not be loaded yet, offline): either way nothing of it is
 * written in plain text, on the server or in the device's outbox.
 */
export function journalSealing(journalId: string | undefined, memory?: Pick<Memory, 'sealed'> | null): JournalSealing {
  const key = journalId ? unlockedJournals.key(journalId) : undefined;
  if (key) return { kind: 'sealed', key };
  const locked =
    memory?.sealed !== undefined ||
    journalsStore.getSnapshot().journals.some((journal) => journal.id === journalId && journal.locked);
  return locked ? { kind: 'locked' } : { kind: 'plain' };
}
