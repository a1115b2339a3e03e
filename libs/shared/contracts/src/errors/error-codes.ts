/**
 * Every error code that crosses a process boundary. Services throw domain errors with one of these; the gateway
 * maps each to an HTTP status in one place. Feature codes follow the `MEMORY_NOT_FOUND` style.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNHEALTHY: 'SERVICE_UNHEALTHY',
  BUS_UNAVAILABLE: 'BUS_UNAVAILABLE',
  BUS_TIMEOUT: 'BUS_TIMEOUT',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** What a service replies on the bus when a handler fails (produced by the RPC exception filter). */
export interface RpcErrorPayload {
  code: ErrorCode | string;
  message: string;
  detail?: unknown;
}
