import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ERROR_CODES, type ApiFailure } from '@memories/contracts';
import { toErrorResponse } from './error-response';

/** The parts of Fastify's error and reply used here (this library does not depend on Fastify's typings). */
interface FrameworkError {
  statusCode?: number;
  message: string;
}
interface FrameworkReply {
  raw: { statusCode: number; setHeader(name: string, value: string): unknown; end(body: string): unknown };
}

/**
 * Fastify's refusals before any route, hook or Nest filter runs (a URL it cannot decode, `/api/memories/memory/%`; a
 * Content-Type a route does not take) answered with the API's failure envelope from the one table of causes
 * (toErrorResponse): on the gateway's port and on every service's own.
 */
export function replyToFrameworkError(error: FrameworkError, _request: unknown, reply: FrameworkReply): void {
  const { status, body } = toErrorResponse(error);
  replyWith(reply, status, body);
}

/** What Node's HTTP parser refuses, by its error code; anything else it refuses is a malformed request. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
};
const MALFORMED = { status: 400, message: 'The request is malformed (e.g. a control character in a header)' };

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header with a control character, headers over the
 * size limit) are answered on the socket with the failure envelope instead of Fastify's own body: on the gateway's
 * port and on every service's own.
 */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const body: ApiFailure = { success: false, message, error: { code: ERROR_CODES.MALFORMED_REQUEST } };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`,
  );
}

function replyWith(reply: FrameworkReply, status: number, body: unknown): void {
  reply.raw.statusCode = status;
  reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
  reply.raw.end(JSON.stringify(body));
}

/**
 * Nest's own HTTP refusals (4xx) on a service's port (no route for the path) in the same envelope: a service's routes
 * answer like the gateway's, whoever sends the request there.
 */
@Catch(HttpException)
export class HttpEnvelopeFilter implements ExceptionFilter<HttpException> {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const status = exception.getStatus();
    const reply = host.switchToHttp().getResponse<FrameworkReply>();
    // A probe's 503 (the health check's own report) keeps its body.
    if (status >= 500) return replyWith(reply, status, exception.getResponse());
    const answer = toErrorResponse(exception);
    replyWith(reply, answer.status, answer.body);
  }
}
