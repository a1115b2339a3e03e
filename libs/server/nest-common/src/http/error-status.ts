import { HttpStatus } from '@nestjs/common';
import { ADMIN_ERROR_CODES, ERROR_CODES, type ErrorCode } from '@memories/contracts';

/** The one mapping from error codes to HTTP statuses. */
const STATUS_BY_CODE: Record<ErrorCode, HttpStatus> = {
  VALIDATION_FAILED: HttpStatus.BAD_REQUEST,
  MALFORMED_REQUEST: HttpStatus.BAD_REQUEST,
  UNAUTHORIZED: HttpStatus.UNAUTHORIZED,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  CONFLICT: HttpStatus.CONFLICT,
  PAYLOAD_TOO_LARGE: HttpStatus.PAYLOAD_TOO_LARGE,
  RATE_LIMITED: HttpStatus.TOO_MANY_REQUESTS,
  SERVICE_UNHEALTHY: HttpStatus.SERVICE_UNAVAILABLE,
  BUS_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  BUS_TIMEOUT: HttpStatus.GATEWAY_TIMEOUT,
  DATABASE_UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
  INTERNAL: HttpStatus.INTERNAL_SERVER_ERROR,
};

/** Feature codes whose names the issue fixed (a contract), so they cannot carry a status suffix. */
const STATUS_BY_NAMED_CODE: Readonly<Record<string, HttpStatus>> = {
  [ADMIN_ERROR_CODES.SIGNUP_CLOSED]: HttpStatus.FORBIDDEN,
  [ADMIN_ERROR_CODES.ACCOUNT_DISABLED]: HttpStatus.FORBIDDEN,
  [ADMIN_ERROR_CODES.STORAGE_QUOTA_EXCEEDED]: HttpStatus.PAYLOAD_TOO_LARGE,
};

/** Feature codes (`MEMORY_NOT_FOUND`-style) map by their suffix, so a new code needs no new line here. */
const STATUS_BY_SUFFIX: Array<[string, HttpStatus]> = [
  ['_VALIDATION_FAILED', HttpStatus.BAD_REQUEST],
  ['_INVALID', HttpStatus.BAD_REQUEST],
  ['_REFUSED', HttpStatus.BAD_REQUEST],
  ['_UNAUTHORIZED', HttpStatus.UNAUTHORIZED],
  ['_FORBIDDEN', HttpStatus.FORBIDDEN],
  ['_NOT_FOUND', HttpStatus.NOT_FOUND],
  ['_ALREADY_EXISTS', HttpStatus.CONFLICT],
  ['_CONFLICT', HttpStatus.CONFLICT],
  ['_TOO_LARGE', HttpStatus.PAYLOAD_TOO_LARGE],
  ['_RATE_LIMITED', HttpStatus.TOO_MANY_REQUESTS],
  ['_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE],
];

/** HTTP status of an error code; anything unknown is a 500. */
export function httpStatusForCode(code: string): HttpStatus {
  if (code in STATUS_BY_CODE) return STATUS_BY_CODE[code as ErrorCode];
  if (code in STATUS_BY_NAMED_CODE) return STATUS_BY_NAMED_CODE[code];
  return STATUS_BY_SUFFIX.find(([suffix]) => code.endsWith(suffix))?.[1] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.UNAUTHORIZED]: ERROR_CODES.UNAUTHORIZED,
  [HttpStatus.FORBIDDEN]: ERROR_CODES.FORBIDDEN,
  [HttpStatus.NOT_FOUND]: ERROR_CODES.NOT_FOUND,
  [HttpStatus.CONFLICT]: ERROR_CODES.CONFLICT,
  [HttpStatus.PAYLOAD_TOO_LARGE]: ERROR_CODES.PAYLOAD_TOO_LARGE,
  [HttpStatus.TOO_MANY_REQUESTS]: ERROR_CODES.RATE_LIMITED,
  [HttpStatus.SERVICE_UNAVAILABLE]: ERROR_CODES.BUS_UNAVAILABLE,
  [HttpStatus.GATEWAY_TIMEOUT]: ERROR_CODES.BUS_TIMEOUT,
};

/** The code of an HTTP error raised by the framework itself (unknown route, malformed body...). */
export function codeForHttpStatus(status: number): ErrorCode {
  return (
    CODE_BY_STATUS[status] ?? (status >= 400 && status < 500 ? ERROR_CODES.MALFORMED_REQUEST : ERROR_CODES.INTERNAL)
  );
}
