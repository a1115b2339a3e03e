import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectProcessMetrics, metricsRegistry } from './metrics-registry';

export const METRICS_PATH = '/metrics';

export interface MetricsAccess {
  /** When set, only a request with `Authorization: Bearer <token>` is answered. */
  token?: string;
  /**
   * Without a token: answer only requests from this machine (`npm start`, whose one port is the app's public port).
   * A request that came through a proxy (it names a client in Forwarded or X-Forwarded-For) is not from this machine,
   * even though the proxy connects from 127.0.0.1.
   */
  localOnly: boolean;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

function isFromThisMachine(request: FastifyRequest): boolean {
  const headers = request.raw.headers;
  if (headers.forwarded !== undefined || headers['x-forwarded-for'] !== undefined) return false;
  return LOOPBACK.test(request.raw.socket.remoteAddress ?? '');
}

/**
 * Serves the process' metrics in Prometheus' text format at GET /metrics on this Fastify instance (a service's own
 * port, or the one port of `npm start`). A request that may not read them gets the instance's 404, as for a page that
 * is not there.
 */
export function registerMetricsRoute(fastify: FastifyInstance, access: MetricsAccess): void {
  collectProcessMetrics();
  const expected = access.token === undefined ? undefined : digest(`Bearer ${access.token}`);
  const allowed = (request: FastifyRequest): boolean => {
    if (expected === undefined) return !access.localOnly || isFromThisMachine(request);
    const given = request.raw.headers.authorization;
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!allowed(request)) return reply.callNotFound();
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
