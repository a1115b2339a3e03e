import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';

/** What a client reports when no handler listens on a subject (NATS "no responders"). */
export function noRespondersError(subject: string): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_UNAVAILABLE, message: `No service is listening on "${subject}"` };
}

export function busTimeoutError(subject: string, timeoutMs: number): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_TIMEOUT, message: `No answer on "${subject}" within ${timeoutMs} ms` };
}

export function busUnavailableError(subject: string, reason: string): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_UNAVAILABLE, message: `The message bus could not deliver "${subject}": ${reason}` };
}
