import type { Argon2idParameters } from '@memories/contracts';
import { KeyEnvelopeError } from '../crypto-errors';
import { fromBase64Url, toBase64Url } from '../encoding/base64url';
import { checkArgon2idParameters, newArgon2idParameters, passphraseWrappingKey } from './passphrase-key';

const CHEAP = { memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 };
const SALT = toBase64Url(new Uint8Array([...Array(16).keys()]));

/** Wraps a fixed key with the wrapping key, so two wrapping keys can be compared without exporting them. */
async function fingerprint(wrappingKey: CryptoKey): Promise<string> {
  const probe = await crypto.subtle.importKey('raw', new Uint8Array(32).fill(7), 'AES-GCM', true, ['encrypt']);
  return toBase64Url(new Uint8Array(await crypto.subtle.wrapKey('raw', probe, wrappingKey, 'AES-KW')));
}

describe('passphrase keys (Argon2id)', () => {
  it('derive what the reference Argon2 implementation derives (known answer)', async () => {
    // The same inputs through node-argon2 (the reference C code): 818259b6...9085.
    const derived = await import('hash-wasm').then(({ argon2id }) =>
      argon2id({
        password: 'correct horse battery staple',
        salt: fromBase64Url(SALT),
        memorySize: CHEAP.memoryKiB,
        iterations: CHEAP.iterations,
        parallelism: CHEAP.parallelism,
        hashLength: 32,
        outputType: 'hex',
      }),
    );
    expect(derived).toBe('818259b6310026a8e0dbac5d2e6927abcfdb07b32258fac4f61b18b80f929085');
  });

  it('give the same key for the same passphrase and parameters, another for another passphrase or salt', async () => {
    const parameters: Argon2idParameters = { algorithm: 'argon2id', ...CHEAP, salt: SALT };
    const first = await fingerprint(await passphraseWrappingKey('river stone', parameters));
    expect(await fingerprint(await passphraseWrappingKey('river stone', parameters))).toBe(first);
    expect(await fingerprint(await passphraseWrappingKey('river stones', parameters))).not.toBe(first);
    const otherSalt = newArgon2idParameters(CHEAP);
    expect(await fingerprint(await passphraseWrappingKey('river stone', otherSalt))).not.toBe(first);
  });

  it('read a passphrase the same in composed and decomposed Unicode', async () => {
    const parameters: Argon2idParameters = { algorithm: 'argon2id', ...CHEAP, salt: SALT };
    const composed = await fingerprint(await passphraseWrappingKey('caf\u00e9 cr\u00e8me', parameters));
    expect(await fingerprint(await passphraseWrappingKey('cafe\u0301 cre\u0300me', parameters))).toBe(composed);
  });

  it('refuse parameters out of bounds before deriving anything', async () => {
    const base = newArgon2idParameters();
    expect(() => checkArgon2idParameters(base)).not.toThrow();
    for (const tampered of [
      { ...base, memoryKiB: 8 },
      { ...base, memoryKiB: 64 * 1024 * 1024 },
      { ...base, iterations: 1 },
      { ...base, iterations: 1.5 },
      { ...base, parallelism: 64 },
      { ...base, salt: 'AAAA' },
      { ...base, algorithm: 'scrypt' as 'argon2id' },
    ]) {
      await expect(passphraseWrappingKey('x', tampered)).rejects.toBeInstanceOf(KeyEnvelopeError);
    }
  });
});
