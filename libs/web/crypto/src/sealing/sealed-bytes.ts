import { SEAL_FORMAT, SEAL_IV_BYTES, SEAL_TAG_BYTES } from '@memories/contracts';
import { SealBrokenError } from '../crypto-errors';
import { randomBytes } from '../encoding/base64url';

/**
 * What a sealed value is, bound into its authentication tag (GCM's additional data): ciphertext moved to another
 * journal, or an image's bytes passed off as a memory's text, fails to open instead of being read as something else.
 */
export type SealPurpose = 'memory' | 'image';

/** Encoded once per journal and purpose: opening a journal opens thousands of values with the same one. */
const additionalDataOf = new Map<string, Uint8Array<ArrayBuffer>>();

function additionalData(journalId: string, purpose: SealPurpose): Uint8Array<ArrayBuffer> {
  const text = `memories/locked-journal/v1/${journalId}/${purpose}`;
  let bytes = additionalDataOf.get(text);
  if (!bytes) {
    bytes = new TextEncoder().encode(text);
    additionalDataOf.set(text, bytes);
  }
  // WebCrypto copies its arguments when called, so one array serves every call; nothing here writes to it.
  return bytes;
}

/** AES-256-GCM with a fresh random 96-bit IV: format byte, IV, then ciphertext and its 16-byte tag. */
export async function sealBytes(
  key: CryptoKey,
  journalId: string,
  purpose: SealPurpose,
  plaintext: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const iv = randomBytes(SEAL_IV_BYTES);
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: additionalData(journalId, purpose) },
      key,
      plaintext,
    ),
  );
  const sealed = new Uint8Array(1 + SEAL_IV_BYTES + ciphertext.length);
  sealed[0] = SEAL_FORMAT;
  sealed.set(iv, 1);
  sealed.set(ciphertext, 1 + SEAL_IV_BYTES);
  return sealed;
}

/** The plaintext of sealBytes' output; anything changed, cut or sealed elsewhere throws SealBrokenError. */
export async function openBytes(
  key: CryptoKey,
  journalId: string,
  purpose: SealPurpose,
  sealed: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (sealed.length < 1 + SEAL_IV_BYTES + SEAL_TAG_BYTES || sealed[0] !== SEAL_FORMAT) throw new SealBrokenError();
  try {
    return new Uint8Array(
      await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: sealed.subarray(1, 1 + SEAL_IV_BYTES),
          additionalData: additionalData(journalId, purpose),
        },
        key,
        sealed.subarray(1 + SEAL_IV_BYTES),
      ),
    );
  } catch {
    throw new SealBrokenError();
  }
}
