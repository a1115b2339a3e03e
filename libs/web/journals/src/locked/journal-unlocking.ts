import type { JournalKeyEnvelope } from '@memories/contracts';
import { journalsApi } from '@memories/web-api-client';
import { offlineReading, readThroughKeptValue } from '@memories/web-offline';
import { sessionStore } from '@memories/web-session';
import { prepareKeyDerivation, unlockWithPassphrase, unlockWithRecoveryKey } from '@memories/web-crypto';
import { unlockedJournals } from '@memories/web-crypto/unlocked-journals';

/** The wrapped keys fetched in this tab: an unlock after a "Lock now" asks the server nothing. */
const envelopes = new Map<string, Promise<JournalKeyEnvelope>>();

/** Where the device keeps a journal's wrapped key, beside the memories it kept to read offline. */
const keptEnvelopeKey = (journalId: string) => `journal-key-envelope:${journalId}`;

/** The wrapped key of a journal this device kept for the person, if it did. */
export async function keptJournalEnvelope(userId: string, journalId: string): Promise<JournalKeyEnvelope | null> {
  return (await offlineReading.keptValue<JournalKeyEnvelope>(userId, keptEnvelopeKey(journalId)))?.value ?? null;
}

/**
 * A journal's wrapped key: from the server, and kept on this device with the offline copy of the person's memories,
 * so that a locked journal's kept memories open offline too, after a reload. It is as safe there as on the server
 * (only the passphrase or the recovery key opens it) and goes with the rest of the offline copy at sign-out.
 */
function envelopeOf(journalId: string): Promise<JournalKeyEnvelope> {
  let envelope = envelopes.get(journalId);
  if (!envelope) {
    envelope = readThroughKeptValue(sessionStore.getState().user?.id, keptEnvelopeKey(journalId), () =>
      journalsApi.key(journalId),
    ).then(({ value }) => value);
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
  const [envelope] = await Promise.all([
    envelopeOf(journalId),
    'passphrase' in secret ? prepareKeyDerivation() : undefined,
  ]);
  const key =
    'passphrase' in secret
      ? await unlockWithPassphrase(envelope, secret.passphrase)
      : await unlockWithRecoveryKey(envelope, secret.recoveryKey);
  unlockedJournals.unlock(journalId, key);
}

/**
 * Fetches and loads what unlocking this journal needs while its secret is still being typed (the unlock dialog is
 * open): the wrapped key and Argon2id. The unlock then starts deriving at the click. A failure here is left for the
 * unlock itself to meet and report.
 */
export function prepareUnlock(journalId: string): void {
  envelopeOf(journalId).catch(() => undefined);
  prepareKeyDerivation().catch(() => undefined);
}
