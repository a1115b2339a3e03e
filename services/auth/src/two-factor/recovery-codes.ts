import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_CODE_LENGTH } from '@memories/contracts';

// 32 letters and digits without the look-alikes 0/o and 1/l: 16 of them are 80 random bits, enough that a fast
// hash (SHA-256) is a safe way to store them, as for the other random tokens.
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** Fresh single-use recovery codes, shown to the user as `abcd-efgh-jkmn-pqrs`. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: GROUPS }, () =>
      Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
    ).join('-'),
  );
}

/** A typed code as it is compared: lower case, without the spaces and dashes people type along. */
export function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** A normalised code of 6 digits is a TOTP code; anything else is tried as a recovery code. */
export function isTotpCode(normalized: string): boolean {
  return new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(normalized);
}
