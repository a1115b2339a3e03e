export { toBase64Url, fromBase64Url, randomBytes } from './encoding/base64url';
export { WrongSecretError, SealBrokenError, KeyEnvelopeError, JournalLockedError } from './crypto-errors';
export {
  DEFAULT_ARGON2ID,
  newArgon2idParameters,
  checkArgon2idParameters,
  passphraseWrappingKey,
  prepareKeyDerivation,
} from './keys/passphrase-key';
export { newRecoveryKey, parseRecoveryKey } from './keys/recovery-key';
export {
  createJournalKeys,
  unlockWithPassphrase,
  unlockWithRecoveryKey,
  changePassphrase,
  recoveryKeyFile,
} from './keys/journal-keys';
export type { NewJournalKeys, CurrentSecret } from './keys/journal-keys';
export { sealBytes, openBytes } from './sealing/sealed-bytes';
export type { SealPurpose } from './sealing/sealed-bytes';
export { sealMemoryContent, openMemoryContent } from './sealing/sealed-memory';
export { sealFile, openFile } from './sealing/sealed-file';
// By the singleton's name, so every copy of this package in the page reads the one set of unlocked keys.
export { UnlockedJournals, unlockedJournals, watchActivity } from '@memories/web-crypto/unlocked-journals';
export type { LockReason, UnlockedJournalsSnapshot } from '@memories/web-crypto/unlocked-journals';
