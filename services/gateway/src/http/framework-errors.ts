import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiFailure } from '@memories/contracts';
import { codeForHttpStatus } from './error-status';
import { toErrorResponse } from './error-response';

/**
 * Fastify refuses a URL it cannot decode (e.g. `/api/memories/memory/%`) before any route, hook or Nest filter
 * runs, with a body of its own. This gives that answer the API's failure envelope like every other 4xx.
 */
export function replyToFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  void reply.code(status).send(body);
}

/** What Node's HTTP parser refuses, by its error code; anything else it refuses is a malformed request. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, message: 'The request is malformed (e.g. a control character in a header)' };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header with a control character, headers over
 * the size limit) are answered on the socket; this gives them the failure envelope instead of Fastify's own body.
 */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body: ApiFailure = { success: false, message, error: { code: codeForHttpStatus(status) } };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`,
  );
}
