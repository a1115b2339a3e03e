import type { JournalKeyEnvelope } from '@memories/contracts';
import { journalsApi } from '@memories/web-api-client';
import { unlockWithPassphrase, unlockWithRecoveryKey, unlockedJournals } from '@memories/web-crypto';
import { useSyncExternalStore } from 'react';

/** The wrapped keys fetched in this tab: an unlock after a "Lock now" asks the server nothing. */
const envelopes = new Map<string, Promise<JournalKeyEnvelope>>();

function envelopeOf(journalId: string): Promise<JournalKeyEnvelope> {
  let envelope = envelopes.get(journalId);
  if (!envelope) {
    envelope = journalsApi.key(journalId);
    envelopes.set(journalId, envelope);
    envelope.catch(() => envelopes.delete(journalId));
  }
  return envelope;
}

/** Forgets a wrapped key fetched before (after the passphrase changed). */
export function forgetJournalEnvelope(journalId: string): void {
  envelopes.delete(journalId);
}

/** How a person opens a locked journal: the passphrase, or the recovery key. */
export type JournalSecret = { passphrase: string } | { recoveryKey: string };

/**
 * Unlocks a journal in this tab. The wrapped key comes from the server; the secret never leaves the browser, and a
 * wrong one is refused here (WrongSecretError) without telling the server anything.
 */
export async function unlockJournal(journalId: string, secret: JournalSecret): Promise<void> {
  const envelope = await envelopeOf(journalId);
  const key =
    'passphrase' in secret
      ? await unlockWithPassphrase(envelope, secret.passphrase)
      : await unlockWithRecoveryKey(envelope, secret.recoveryKey);
  unlockedJournals.unlock(journalId, key);
}

/** The key of a journal while it is unlocked in this tab (undefined while it is locked), following every change. */
export function useJournalKey(journalId: string | undefined): CryptoKey | undefined {
  const snapshot = useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot);
  return journalId && snapshot.unlocked.has(journalId) ? unlockedJournals.key(journalId) : undefined;
}

/** The ids of the journals unlocked in this tab, following every change. */
export function useUnlockedJournalIds(): ReadonlySet<string> {
  return useSyncExternalStore(unlockedJournals.subscribe, unlockedJournals.getSnapshot).unlocked;
}
