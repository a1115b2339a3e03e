import { KeyEnvelopeError, WrongSecretError } from '../crypto-errors';
import { openMemoryContent, sealMemoryContent } from '../sealing/sealed-memory';
import { changePassphrase, createJournalKeys, unlockWithPassphrase, unlockWithRecoveryKey } from './journal-keys';

const CHEAP = { memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 };
const JOURNAL = '6f1c4d2e-8a9b-4c3d-9e8f-0a1b2c3d4e5f';
const CONTENT = { title: 'Secret title', contentJson: '{"type":"doc"}', tags: ['private'], thumbnailUrl: '' };

describe('locked journal keys', () => {
  it('make a key that only the passphrase or the recovery key opens, and that no script can export', async () => {
    const { journalKey, envelope, recoveryKey } = await createJournalKeys('lantern orchard', CHEAP);
    expect(journalKey.extractable).toBe(false);
    const sealed = await sealMemoryContent(journalKey, JOURNAL, CONTENT);

    const byPassphrase = await unlockWithPassphrase(envelope, 'lantern orchard');
    expect(byPassphrase.extractable).toBe(false);
    expect(await openMemoryContent(byPassphrase, JOURNAL, sealed)).toEqual(CONTENT);
    expect(await openMemoryContent(await unlockWithRecoveryKey(envelope, recoveryKey), JOURNAL, sealed)).toEqual(
      CONTENT,
    );
  });

  it('keep nothing secret in the envelope the server stores', async () => {
    const { envelope, recoveryKey } = await createJournalKeys('lantern orchard', CHEAP);
    const stored = JSON.stringify(envelope);
    expect(stored).not.toContain('lantern');
    expect(stored).not.toContain(recoveryKey.replace(/-/g, '').slice(0, 8));
    expect(envelope.passphrase.kdf).toEqual({ algorithm: 'argon2id', ...CHEAP, salt: expect.any(String) });
    expect(envelope.recovery.kdf).toEqual({ algorithm: 'hkdf-sha256', salt: expect.any(String) });
  });

  it('refuse a wrong passphrase or recovery key in the browser alone', async () => {
    const { envelope, recoveryKey } = await createJournalKeys('lantern orchard', CHEAP);
    await expect(unlockWithPassphrase(envelope, 'lantern orchards')).rejects.toEqual(
      new WrongSecretError('passphrase'),
    );
    const other = (await createJournalKeys('x', CHEAP)).recoveryKey;
    expect(other).not.toBe(recoveryKey);
    await expect(unlockWithRecoveryKey(envelope, other)).rejects.toBeInstanceOf(WrongSecretError);
    await expect(unlockWithRecoveryKey(envelope, 'not a key')).rejects.toBeInstanceOf(WrongSecretError);
  });

  it('change the passphrase by wrapping the same key again: old content opens, the old passphrase does not', async () => {
    const { journalKey, envelope, recoveryKey } = await createJournalKeys('first words', CHEAP);
    const sealed = await sealMemoryContent(journalKey, JOURNAL, CONTENT);

    const changed = await changePassphrase(envelope, { passphrase: 'first words' }, 'second words', CHEAP);
    expect(changed.recovery).toEqual(envelope.recovery);
    expect(changed.passphrase.kdf.salt).not.toBe(envelope.passphrase.kdf.salt);
    await expect(unlockWithPassphrase(changed, 'first words')).rejects.toBeInstanceOf(WrongSecretError);
    expect(await openMemoryContent(await unlockWithPassphrase(changed, 'second words'), JOURNAL, sealed)).toEqual(
      CONTENT,
    );

    const recovered = await changePassphrase(changed, { recoveryKey }, 'third words', CHEAP);
    expect(await openMemoryContent(await unlockWithPassphrase(recovered, 'third words'), JOURNAL, sealed)).toEqual(
      CONTENT,
    );
    await expect(changePassphrase(recovered, { passphrase: 'second words' }, 'x', CHEAP)).rejects.toBeInstanceOf(
      WrongSecretError,
    );
  });

  it('refuse an envelope of an unknown form before deriving anything', async () => {
    const { envelope } = await createJournalKeys('a', CHEAP);
    await expect(unlockWithPassphrase({ ...envelope, format: 2 as 1 }, 'a')).rejects.toBeInstanceOf(KeyEnvelopeError);
    const cut = { ...envelope, passphrase: { ...envelope.passphrase, wrappedKey: 'AAAA' } };
    await expect(unlockWithPassphrase(cut, 'a')).rejects.toBeInstanceOf(KeyEnvelopeError);
  });

  it('use the default cost when none is given', async () => {
    const { envelope } = await createJournalKeys('default cost');
    expect(envelope.passphrase.kdf).toMatchObject({ memoryKiB: 65536, iterations: 3, parallelism: 1 });
    await expect(unlockWithPassphrase(envelope, 'default cost')).resolves.toBeDefined();
  });
});
