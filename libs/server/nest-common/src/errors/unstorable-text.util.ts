import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';

export const UNSTORABLE_TEXT_MESSAGE = 'The request contains characters that cannot be stored (such as NUL)';

// SQLSTATE 22021 (character_not_in_repertoire: NUL in text) and 22P05 (untranslatable_character: \u0000 in jsonb).
const UNSTORABLE_TEXT_CODES: ReadonlySet<string> = new Set(['22021', '22P05']);

interface DriverFailure {
  code?: unknown;
  driverError?: unknown;
}

/**
 * True when PostgreSQL refused a value because of the characters in it. The validation pipe refuses such strings
 * before any handler runs; this is the second line, so that one that slipped through is the caller's 400, not a 500.
 * TypeORM wraps driver errors in `driverError`.
 */
export function isUnstorableText(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const failure = error as DriverFailure;
  if (typeof failure.code === 'string' && UNSTORABLE_TEXT_CODES.has(failure.code)) return true;
  return isUnstorableText(failure.driverError);
}

export const unstorableTextError: RpcErrorPayload = {
  code: ERROR_CODES.VALIDATION_FAILED,
  message: UNSTORABLE_TEXT_MESSAGE,
};
