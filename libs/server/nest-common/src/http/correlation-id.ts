import { randomUUID } from 'node:crypto';

export const CORRELATION_ID_HEADER = 'x-correlation-id';

const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const ASSIGNED = Symbol('correlationId');

interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  [ASSIGNED]?: string;
}

/**
 * The correlation id of a request: the caller's `x-correlation-id` when it is a sane token (so a trace can span
 * systems), otherwise a new UUID; the same value for every call on one request.
 */
export function correlationIdOf(request: object): string {
  const req = request as RequestLike;
  if (req[ASSIGNED]) return req[ASSIGNED];
  const given = req.headers[CORRELATION_ID_HEADER];
  const id = typeof given === 'string' && VALID_ID.test(given) ? given : randomUUID();
  req[ASSIGNED] = id;
  return id;
}
