import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { ERROR_CODES } from '@memories/contracts';

/** The parts of Fastify's error and reply used here (this library does not depend on Fastify's typings). */
interface FrameworkError {
  statusCode?: number;
}
interface FrameworkReply {
  raw: { statusCode: number; setHeader(name: string, value: string): unknown; end(body: string): unknown };
}

/**
 * A service's own HTTP routes (the upload service's files, export and import) answer Fastify's refusals before any
 * route runs (a URL it cannot decode, `/api/import/%`) with the API's failure envelope, as the gateway does.
 */
export function replyToFrameworkError(error: FrameworkError, _request: unknown, reply: FrameworkReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  replyWith(reply, status, { success: false, message: 'The request could not be read.', error: { code: ERROR_CODES.MALFORMED_REQUEST } });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a header with a control character, headers over the
 * size limit) on a service's own port, answered on the socket with the failure envelope instead of Fastify's body.
 */
export function replyToClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const json = JSON.stringify({ success: false, message: 'The request could not be read.', error: { code: ERROR_CODES.MALFORMED_REQUEST } });
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
    const notFound = status === 404;
    replyWith(reply, status, {
      success: false,
      message: notFound ? 'Not found' : 'The request could not be read.',
      error: { code: notFound ? ERROR_CODES.NOT_FOUND : ERROR_CODES.MALFORMED_REQUEST },
    });
  }
}
