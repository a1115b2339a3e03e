import { ARGON2ID_BOUNDS, KEY_SALT_BYTES, type Argon2idParameters } from '@memories/contracts';
import { fromBase64Url, randomBytes, toBase64Url } from '../encoding/base64url';
import { KeyEnvelopeError } from '../crypto-errors';

/**
 * Argon2id as new journals use it: RFC 9106's second recommended setting (64 MiB, 3 passes) with one lane, because
 * the WebAssembly build runs one thread (more lanes would cost the same time and add nothing for a guesser to pay).
 * About half a second on a mid-range laptop; the parameters travel with the wrapped key, so raising them later keeps
 * every older journal unlockable.
 */
export const DEFAULT_ARGON2ID = { memoryKiB: 64 * 1024, iterations: 3, parallelism: 1 } as const;

/** Fresh parameters with a new random salt. */
export function newArgon2idParameters(
  cost: Pick<Argon2idParameters, 'memoryKiB' | 'iterations' | 'parallelism'> = DEFAULT_ARGON2ID,
): Argon2idParameters {
  return { algorithm: 'argon2id', ...cost, salt: toBase64Url(randomBytes(KEY_SALT_BYTES)) };
}

/** Refuses parameters out of ARGON2ID_BOUNDS before any work: a tampered envelope cannot exhaust the browser. */
export function checkArgon2idParameters(parameters: Argon2idParameters): void {
  if (parameters.algorithm !== 'argon2id') throw new KeyEnvelopeError('unknown key derivation');
  for (const name of ['memoryKiB', 'iterations', 'parallelism'] as const) {
    const value = parameters[name];
    const { min, max } = ARGON2ID_BOUNDS[name];
    if (!Number.isInteger(value) || value < min || value > max) throw new KeyEnvelopeError(`${name} out of bounds`);
  }
  if (fromBase64Url(parameters.salt).length !== KEY_SALT_BYTES) throw new KeyEnvelopeError('salt of the wrong size');
}

type Argon2id = (typeof import('hash-wasm'))['argon2id'];

/** hash-wasm's Argon2id, loaded and compiled once, when someone first locks or unlocks (or is about to). */
let argon2idReady: Promise<Argon2id> | undefined;

function readyArgon2id(): Promise<Argon2id> {
  if (!argon2idReady) {
    const ready = import('hash-wasm').then(async ({ argon2id }) => {
      // A derivation at the smallest cost compiles the WebAssembly, which hash-wasm keeps for the real ones.
      await argon2id({
        password: 'prepare',
        salt: new Uint8Array(KEY_SALT_BYTES),
        memorySize: 8,
        iterations: 1,
        parallelism: 1,
        hashLength: 4,
        outputType: 'binary',
      });
      return argon2id;
    });
    argon2idReady = ready;
    // A failed load (the network) is tried again by the next call.
    ready.catch(() => {
      if (argon2idReady === ready) argon2idReady = undefined;
    });
  }
  return argon2idReady;
}

/**
 * Gets Argon2id ready while a passphrase is still being typed: its code comes over the network and its WebAssembly
 * compiles before the click, not after it, where they would also queue behind whatever the unlock starts fetching.
 * Once ready, a call costs nothing.
 */
export async function prepareKeyDerivation(): Promise<void> {
  await readyArgon2id();
}

/**
 * The AES-KW key a passphrase gives with these parameters. The passphrase is normalised (NFC) so the same words typed
 * on another keyboard or system derive the same key.
 */
export async function passphraseWrappingKey(passphrase: string, parameters: Argon2idParameters): Promise<CryptoKey> {
  checkArgon2idParameters(parameters);
  const argon2id = await readyArgon2id();
  const derived = await argon2id({
    password: passphrase.normalize('NFC'),
    salt: fromBase64Url(parameters.salt),
    memorySize: parameters.memoryKiB,
    iterations: parameters.iterations,
    parallelism: parameters.parallelism,
    hashLength: 32,
    outputType: 'binary',
  });
  try {
    return await crypto.subtle.importKey('raw', new Uint8Array(derived), 'AES-KW', false, ['wrapKey', 'unwrapKey']);
  } finally {
    derived.fill(0);
  }
}
