import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';
import { databaseUnavailableError, isDatabaseUnavailable } from './database-unavailable.util';
import { DomainError } from './domain.error';
import { isUnstorableText, unstorableTextError } from './unstorable-text.util';

/** The message a caller sees for a failure we do not explain (its cause is only logged). */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** True for a `{ code, message }` object as produced by the RPC filter on the other side of the bus. */
export function isRpcErrorPayload(value: unknown): value is RpcErrorPayload {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RpcErrorPayload).code === 'string' &&
    typeof (value as RpcErrorPayload).message === 'string'
  );
}

/**
 * Turns anything a handler threw into what travels on the bus; unknown errors never reveal their message. An
 * unreachable database is not a bug of the service: it travels as DATABASE_UNAVAILABLE (503, try again); text the
 * database refuses (a NUL the validation missed) as VALIDATION_FAILED (400).
 */
export function toRpcErrorPayload(exception: unknown): RpcErrorPayload {
  if (exception instanceof DomainError) {
    return exception.detail === undefined
      ? { code: exception.code, message: exception.message }
      : { code: exception.code, message: exception.message, detail: exception.detail };
  }
  if (isDatabaseUnavailable(exception)) return databaseUnavailableError;
  if (isUnstorableText(exception)) return unstorableTextError;
  return { code: ERROR_CODES.INTERNAL, message: INTERNAL_ERROR_MESSAGE };
}
