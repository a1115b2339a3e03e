import { KEY_SALT_BYTES, type RecoveryKeyParameters } from '@memories/contracts';
import { fromBase64Url, randomBytes, toBase64Url } from '../encoding/base64url';
import { KeyEnvelopeError } from '../crypto-errors';

/** Crockford's base32: no I, L, O or U, so a key copied by hand is hard to misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RECOVERY_KEY_BYTES = 32;
/** 256 bits in base32 is 52 characters, shown in groups of four. */
const RECOVERY_KEY_CHARACTERS = 52;

/** A new recovery key (256 random bits) as the person sees it: `XXXX-XXXX-…`, 13 groups. */
export function newRecoveryKey(): string {
  const bytes = randomBytes(RECOVERY_KEY_BYTES);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      text += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += ALPHABET[(value << (5 - bits)) & 31];
  return text.match(/.{1,4}/g)!.join('-');
}

/**
 * The 32 bytes of a recovery key as typed or pasted: case, spaces and dashes do not matter, and the letters people
 * confuse with digits (O, I, L) read as those digits. Null when it cannot be a recovery key.
 */
export function parseRecoveryKey(text: string): Uint8Array<ArrayBuffer> | null {
  const cleaned = text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (cleaned.length !== RECOVERY_KEY_CHARACTERS) return null;
  const bytes = new Uint8Array(RECOVERY_KEY_BYTES);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (const character of cleaned) {
    const digit = ALPHABET.indexOf(character);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8 && index < RECOVERY_KEY_BYTES) {
      bytes[index] = (value >>> (bits - 8)) & 0xff;
      index += 1;
      bits -= 8;
    }
  }
  return bytes;
}

export function newRecoveryKeyParameters(): RecoveryKeyParameters {
  return { algorithm: 'hkdf-sha256', salt: toBase64Url(randomBytes(KEY_SALT_BYTES)) };
}

/** The AES-KW key of a recovery key: it is already random, so HKDF (no slow derivation) is enough. */
export async function recoveryWrappingKey(
  recoveryKey: Uint8Array<ArrayBuffer>,
  parameters: RecoveryKeyParameters,
): Promise<CryptoKey> {
  if (parameters.algorithm !== 'hkdf-sha256') throw new KeyEnvelopeError('unknown recovery key derivation');
  const salt = fromBase64Url(parameters.salt);
  if (salt.length !== KEY_SALT_BYTES) throw new KeyEnvelopeError('salt of the wrong size');
  const material = await crypto.subtle.importKey('raw', recoveryKey, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt, info: new TextEncoder().encode('memories/journal-recovery/v1') },
    material,
    { name: 'AES-KW', length: 256 },
    false,
    ['wrapKey', 'unwrapKey'],
  );
}
