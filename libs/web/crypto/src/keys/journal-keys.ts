import {
  JOURNAL_KEY_ENVELOPE_FORMAT,
  type Argon2idParameters,
  WRAPPED_KEY_BYTES,
  type JournalKeyEnvelope,
  type WrappedJournalKey,
} from '@memories/contracts';
import { fromBase64Url, toBase64Url } from '../encoding/base64url';
import { KeyEnvelopeError, WrongSecretError } from '../crypto-errors';
import { DEFAULT_ARGON2ID, newArgon2idParameters, passphraseWrappingKey } from './passphrase-key';
import { newRecoveryKey, newRecoveryKeyParameters, parseRecoveryKey, recoveryWrappingKey } from './recovery-key';

/** The journal key as encryption uses it: AES-256-GCM. */
const JOURNAL_KEY_ALGORITHM = { name: 'AES-GCM', length: 256 } as const;

/** A new locked journal's keys: the journal key to use now, what the server keeps, the recovery key to show once. */
export interface NewJournalKeys {
  journalKey: CryptoKey;
  envelope: JournalKeyEnvelope;
  recoveryKey: string;
}

type KeyCost = Pick<Argon2idParameters, 'memoryKiB' | 'iterations' | 'parallelism'>;

/**
 * Makes a locked journal's key: a random AES-256 key, wrapped by the passphrase's key and by a new recovery key. The
 * journal key stays extractable only inside this call (to be wrapped); the one returned cannot be exported.
 */
export async function createJournalKeys(passphrase: string, cost: KeyCost = DEFAULT_ARGON2ID): Promise<NewJournalKeys> {
  const extractable = await crypto.subtle.generateKey(JOURNAL_KEY_ALGORITHM, true, ['encrypt', 'decrypt']);
  const recoveryKey = newRecoveryKey();
  const passphraseKdf = newArgon2idParameters(cost);
  const recoveryKdf = newRecoveryKeyParameters();
  const passphraseKey = await passphraseWrappingKey(passphrase, passphraseKdf);
  const [passphraseWrap, recoveryWrap] = await Promise.all([
    wrap(extractable, passphraseKey),
    wrap(extractable, await recoveryWrappingKey(parseRecoveryKey(recoveryKey)!, recoveryKdf)),
  ]);
  const envelope: JournalKeyEnvelope = {
    format: JOURNAL_KEY_ENVELOPE_FORMAT,
    passphrase: { kdf: passphraseKdf, wrapping: 'aes-kw', wrappedKey: passphraseWrap },
    recovery: { kdf: recoveryKdf, wrapping: 'aes-kw', wrappedKey: recoveryWrap },
  };
  const journalKey = await unwrap(envelope.passphrase, passphraseKey, false);
  return { journalKey, envelope, recoveryKey };
}

/** The journal key, opened with the passphrase; a wrong one throws WrongSecretError. */
export async function unlockWithPassphrase(
  envelope: JournalKeyEnvelope,
  passphrase: string,
  extractable = false,
): Promise<CryptoKey> {
  checkEnvelope(envelope);
  const wrappingKey = await passphraseWrappingKey(passphrase, envelope.passphrase.kdf);
  return unwrap(envelope.passphrase, wrappingKey, extractable).catch(() => {
    throw new WrongSecretError('passphrase');
  });
}

/** The journal key, opened with the recovery key as the person typed it. */
export async function unlockWithRecoveryKey(
  envelope: JournalKeyEnvelope,
  recoveryKey: string,
  extractable = false,
): Promise<CryptoKey> {
  checkEnvelope(envelope);
  const bytes = parseRecoveryKey(recoveryKey);
  if (!bytes) throw new WrongSecretError('recovery-key');
  const wrappingKey = await recoveryWrappingKey(bytes, envelope.recovery.kdf);
  return unwrap(envelope.recovery, wrappingKey, extractable).catch(() => {
    throw new WrongSecretError('recovery-key');
  });
}

/** How the person proves they may change the passphrase: the current passphrase, or the recovery key. */
export type CurrentSecret = { passphrase: string } | { recoveryKey: string };

/**
 * A new passphrase: the same journal key wrapped by the new passphrase's key (with a new salt). The recovery wrap and
 * every memory stay as they are: nothing is encrypted again.
 */
export async function changePassphrase(
  envelope: JournalKeyEnvelope,
  current: CurrentSecret,
  newPassphrase: string,
  cost: KeyCost = DEFAULT_ARGON2ID,
): Promise<JournalKeyEnvelope> {
  const journalKey =
    'passphrase' in current
      ? await unlockWithPassphrase(envelope, current.passphrase, true)
      : await unlockWithRecoveryKey(envelope, current.recoveryKey, true);
  const kdf = newArgon2idParameters(cost);
  const wrappedKey = await wrap(journalKey, await passphraseWrappingKey(newPassphrase, kdf));
  return { ...envelope, passphrase: { kdf, wrapping: 'aes-kw', wrappedKey } };
}

/** A file that keeps the recovery key: what to download at creation. */
export function recoveryKeyFile(journalName: string, recoveryKey: string): Blob {
  const text = [
    `Recovery key of the locked journal "${journalName}" (Memories)`,
    '',
    recoveryKey,
    '',
    'Keep it somewhere safe and private. With it you can open the journal if you forget its passphrase.',
    'Without the passphrase and without this key, nobody can read the journal again, not even the server.',
    '',
  ].join('\n');
  return new Blob([text], { type: 'text/plain;charset=utf-8' });
}

function checkEnvelope(envelope: JournalKeyEnvelope): void {
  if (envelope?.format !== JOURNAL_KEY_ENVELOPE_FORMAT) throw new KeyEnvelopeError('unknown format');
  for (const wrapped of [envelope.passphrase, envelope.recovery]) {
    if (wrapped?.wrapping !== 'aes-kw') throw new KeyEnvelopeError('unknown key wrapping');
    if (fromBase64Url(wrapped.wrappedKey).length !== WRAPPED_KEY_BYTES) throw new KeyEnvelopeError('wrapped key size');
  }
}

async function wrap(journalKey: CryptoKey, wrappingKey: CryptoKey): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.wrapKey('raw', journalKey, wrappingKey, 'AES-KW')));
}

function unwrap(wrapped: WrappedJournalKey<unknown>, wrappingKey: CryptoKey, extractable: boolean): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey(
    'raw',
    fromBase64Url(wrapped.wrappedKey),
    wrappingKey,
    'AES-KW',
    JOURNAL_KEY_ALGORITHM,
    extractable,
    ['encrypt', 'decrypt'],
  );
}
