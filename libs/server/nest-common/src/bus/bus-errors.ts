import { ERROR_CODES, type RpcErrorPayload } from '@memories/contracts';

/** How the message of noRespondersError starts (the bus metrics tell it from an unreachable bus by it). */
export const NO_RESPONDERS_MESSAGE_START = 'No service is listening on ';

/** What a client reports when no handler listens on a subject (NATS "no responders"). */
export function noRespondersError(subject: string): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_UNAVAILABLE, message: `${NO_RESPONDERS_MESSAGE_START}"${subject}"` };
}

export function busTimeoutError(subject: string, timeoutMs: number): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_TIMEOUT, message: `No answer on "${subject}" within ${timeoutMs} ms` };
}

export function busUnavailableError(subject: string, reason: string): RpcErrorPayload {
  return { code: ERROR_CODES.BUS_UNAVAILABLE, message: `The message bus could not deliver "${subject}": ${reason}` };
}
