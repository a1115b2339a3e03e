import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { logAnswered } from '../logging/debug-lines';
import { registerPreparedMetric } from './metrics-registry';
import { PreparedHistogram, type HistogramSeries } from './prepared-histogram';

const httpRequestDuration = registerPreparedMetric(
  new PreparedHistogram(
    'memories_http_request_duration_seconds',
    'Time from a request to the end of its answer, by method, route template and status',
    ['method', 'route', 'status'],
  ),
);

/** The series of one method and route, by status, each looked up by number (no label key built per request). */
class RouteSeries {
  private readonly byStatus = new Map<number, HistogramSeries>();

  constructor(
    private readonly method: string,
    private readonly route: string,
  ) {}

  observe(request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    let series = this.byStatus.get(status);
    if (!series) {
      series = httpRequestDuration.seriesOf(this.method, this.route, String(status));
      this.byStatus.set(status, series);
    }
    // Fastify times every request that has an onResponse hook (from its arrival to the answer's last byte).
    const seconds = reply.elapsedTime / 1000;
    series.observe(seconds);
    logAnswered(this.method, this.route, status, seconds, request);
  }
}

type OnResponseHook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

function withHook(existing: RouteOptions['onResponse'], hook: OnResponseHook): OnResponseHook[] {
  const hooks = existing === undefined ? [] : Array.isArray(existing) ? existing : [existing];
  return [...(hooks as OnResponseHook[]), hook];
}

/**
 * Times every answer of this Fastify instance in memories_http_request_duration_seconds, labelled with the route's
 * template (`/api/memories/:id`, never the path itself, so one series per route) and the status. Each route gets its
 * own hook and series when it is registered; requests that match no route share the route label `unmatched`. With
 * LOG_LEVEL=debug each answer is also a log line. Must be called before the routes are registered.
 */
export function measureHttpRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const byMethod = new Map(methods.map((method) => [method, new RouteSeries(method, route.url)]));
    route.onResponse = withHook(route.onResponse, (request, reply, done) => {
      byMethod.get(request.method)?.observe(request, reply);
      done();
    });
  });
  const unmatched = new Map<string, RouteSeries>();
  fastify.addHook('onResponse', (request, reply, done) => {
    if (request.is404) {
      let series = unmatched.get(request.method);
      if (!series) {
        series = new RouteSeries(request.method, 'unmatched');
        unmatched.set(request.method, series);
      }
      series.observe(request, reply);
    }
    done();
  });
}
