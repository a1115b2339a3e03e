import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response';

/**
 * Fastify refuses a URL it cannot decode (e.g. `/api/memories/memory/%`) before any route, hook or Nest filter
 * runs, with a body of its own. This gives that answer the API's failure envelope like every other 4xx.
 */
export function replyToFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toErrorResponse(error);
  void reply.code(status).send(body);
}
