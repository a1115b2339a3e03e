import type { MemoryPlainFields } from '../memories/memory.types';

/**
 * A locked journal's key, as the server keeps it: the journal key (random, made in the browser) wrapped twice, by a
 * key derived from the passphrase (Argon2id, its parameters beside it) and by the recovery key. The server checks
 * only shapes and sizes; it never sees the passphrase, the recovery key, the journal key or any plaintext.
 */
export const JOURNAL_KEY_ENVELOPE_FORMAT = 1;

/** Argon2id as the browser ran it: everything needed to derive the same key again, on any device. */
export interface Argon2idParameters {
  algorithm: 'argon2id';
  /** Memory cost in KiB. */
  memoryKiB: number;
  iterations: number;
  parallelism: number;
  /** base64url, 16 random bytes. */
  salt: string;
}

/** The recovery key is already 256 random bits: HKDF-SHA-256 turns it into a wrapping key. */
export interface RecoveryKeyParameters {
  algorithm: 'hkdf-sha256';
  /** base64url, 16 random bytes. */
  salt: string;
}

/** The journal key wrapped by AES-KW (RFC 3394): 40 bytes, base64url. */
export interface WrappedJournalKey<TParameters> {
  kdf: TParameters;
  wrapping: 'aes-kw';
  wrappedKey: string;
}

export interface JournalKeyEnvelope {
  format: typeof JOURNAL_KEY_ENVELOPE_FORMAT;
  passphrase: WrappedJournalKey<Argon2idParameters>;
  recovery: WrappedJournalKey<RecoveryKeyParameters>;
}

/**
 * The bounds a stored Argon2id parameter set must keep: low enough that a device can derive the key (and that a
 * tampered envelope cannot make a browser allocate gigabytes), high enough to stay a real cost for a guesser.
 */
export const ARGON2ID_BOUNDS = {
  memoryKiB: { min: 19 * 1024, max: 1024 * 1024 },
  iterations: { min: 2, max: 16 },
  parallelism: { min: 1, max: 8 },
} as const;

/** base64url text of `bytes` bytes without padding. */
export function base64UrlLength(bytes: number): number {
  return Math.ceil((bytes * 4) / 3);
}

export const KEY_SALT_BYTES = 16;
/** AES-KW output for a 256-bit key: the key plus one 64-bit block. */
export const WRAPPED_KEY_BYTES = 40;

/**
 * A memory of a locked journal as the server stores it: one AES-256-GCM ciphertext of its title, content and tags
 * (`SealedMemoryContent`, as JSON), and the addresses of its encrypted images, which the server needs to decide who may
 * read them and when they may be deleted (the addresses are random; the bytes behind them are ciphertext too).
 */
export interface SealedMemory {
  /** base64url: format byte, 12-byte IV, ciphertext with its 16-byte tag. */
  ciphertext: string;
  imageUrls: string[];
}

/** What a locked memory's ciphertext holds, once opened in the browser. */
export interface SealedMemoryContent {
  title: string;
  /** The editor document, as JSON text. */
  contentJson: string;
  tags: string[];
  thumbnailUrl: string;
  /**
   * The memory's plain fields (`MemoryPlainFields`, a mood): sealed with the rest, since the server keeps none of a
   * locked memory in plain text. Left out by a sealing made before they were carried.
   */
  plainFields?: Partial<MemoryPlainFields>;
}

/** Largest sealed memory: the 2 MiB document cap of a plain memory, its title and tags, in base64url. */
export const MAX_SEALED_CIPHERTEXT_LENGTH = base64UrlLength(2 * 1024 * 1024 + 64 * 1024);

/** The content type of an encrypted image as it is uploaded and served: opaque bytes. */
export const SEALED_FILE_CONTENT_TYPE = 'application/octet-stream';

/** The extension of an encrypted image's storage key (and its file URL): nothing of the image's own type. */
export const SEALED_FILE_EXTENSION = 'sealed';

/** The first byte of every sealed value (memory or image), so the server can tell one from arbitrary bytes. */
export const SEAL_FORMAT = 1;
/** AES-GCM's IV and tag: with the format byte, the least a sealed value adds to what it seals. */
export const SEAL_IV_BYTES = 12;
export const SEAL_TAG_BYTES = 16;
