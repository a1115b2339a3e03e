import { randomBytes } from 'node:crypto';
import {
  ARGON2ID_BOUNDS,
  JOURNAL_KEY_ENVELOPE_FORMAT,
  SEAL_FORMAT,
  SEAL_IV_BYTES,
  SEAL_TAG_BYTES,
  type JournalKeyEnvelope,
  type SealedMemory,
} from '@memories/contracts';

const randomText = (bytes: number) => randomBytes(bytes).toString('base64url');

/**
 * A locked journal's key as a browser wraps it, for the server's suites: its shape is all the server can check, so
 * random bytes of the right sizes stand for the wrapped keys (the browser suites make real ones with WebCrypto).
 */
export function journalKeyEnvelope(): JournalKeyEnvelope {
  const wrapped = <T>(kdf: T) => ({ kdf, wrapping: 'aes-kw' as const, wrappedKey: randomText(40) });
  return {
    format: JOURNAL_KEY_ENVELOPE_FORMAT,
    passphrase: wrapped({
      algorithm: 'argon2id' as const,
      memoryKiB: ARGON2ID_BOUNDS.memoryKiB.min,
      iterations: ARGON2ID_BOUNDS.iterations.min,
      parallelism: ARGON2ID_BOUNDS.parallelism.min,
      salt: randomText(16),
    }),
    recovery: wrapped({ algorithm: 'hkdf-sha256' as const, salt: randomText(16) }),
  };
}

/**
 * A locked memory's ciphertext as a browser seals it (format byte, IV, ciphertext, tag): random bytes of that size,
 * using the encrypted images at `imageUrls`.
 */
export function sealedMemoryBytes(imageUrls: string[] = []): SealedMemory {
  return { ciphertext: randomText(1 + 12 + 64 + 16), imageUrls };
}

/** An image of a locked journal as a browser seals it (sealFile): the format byte, then random bytes for the rest. */
export function sealedImageBytes(imageBytes = 256): Buffer {
  return Buffer.concat([Buffer.from([SEAL_FORMAT]), randomBytes(SEAL_IV_BYTES + 1 + 9 + imageBytes + SEAL_TAG_BYTES)]);
}
