/**
 * The passphrase or recovery key did not open the journal key. AES-KW checks its own integrity, so a wrong secret is
 * told apart in the browser alone: nothing about the attempt reaches the server.
 */
export class WrongSecretError extends Error {
  constructor(readonly secret: 'passphrase' | 'recovery-key') {
    super(secret === 'passphrase' ? 'That passphrase does not unlock this journal.' : RECOVERY_KEY_WRONG);
    this.name = 'WrongSecretError';
  }
}

const RECOVERY_KEY_WRONG = 'That recovery key does not unlock this journal.';

/** Ciphertext that does not open with the journal key: changed, cut, or from another journal. */
export class SealBrokenError extends Error {
  constructor() {
    super('This content cannot be decrypted with the journal’s key: it was changed or belongs to another journal.');
    this.name = 'SealBrokenError';
  }
}

/** A stored key envelope this browser cannot use (unknown format, parameters out of bounds). */
export class KeyEnvelopeError extends Error {
  constructor(detail: string) {
    super(`The journal’s key cannot be used: ${detail}`);
    this.name = 'KeyEnvelopeError';
  }
}

/** The journal is locked in this session: unlock it first. */
export class JournalLockedError extends Error {
  constructor(readonly journalId: string) {
    super('This journal is locked. Unlock it with its passphrase to continue.');
    this.name = 'JournalLockedError';
  }
}
