import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; please try again shortly';

// Socket errors of the driver, and SQLSTATE classes 08 (connection exception) and 57P (server shutting down,
// starting up, or the connection terminated by an administrator).
const UNAVAILABLE_CODES = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|08\w{3}|57P0[1-3])$/;
// node-postgres reports a dropped or unobtainable connection without a code, in these words.
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

interface DriverFailure {
  code?: unknown;
  message?: unknown;
  driverError?: unknown;
  errors?: unknown;
}

/**
 * True when an error means PostgreSQL cannot be reached (down, restarting, connection dropped), as opposed to a
 * query that failed: the first is the caller's "try again later" (503), the second a bug (500). TypeORM wraps
 * driver errors in `driverError`; Node reports a refused connection to several addresses as an AggregateError.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const failure = error as DriverFailure;
  if (typeof failure.code === 'string' && UNAVAILABLE_CODES.test(failure.code)) return true;
  if (typeof failure.message === 'string' && UNAVAILABLE_MESSAGES.test(failure.message)) return true;
  if (isDatabaseUnavailable(failure.driverError, depth + 1)) return true;
  return Array.isArray(failure.errors) && failure.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}

export const databaseUnavailableError: RpcErrorPayload = {
  code: ERROR_CODES.DATABASE_UNAVAILABLE,
  message: DATABASE_UNAVAILABLE_MESSAGE,
};
