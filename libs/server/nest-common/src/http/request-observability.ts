import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runInRequestScope } from '../logging/request-scope';
import { measureHttpRequests } from '../metrics/http-metrics';
import { isTracingEnabled } from '../telemetry/tracing-switch';
import { correlationIdOf } from './correlation-id';

/** The HTTP instrumentation names a server span after the method only; the route template says which route. */
function nameServerSpan(request: FastifyRequest): void {
  const span = trace.getActiveSpan();
  const route = request.routeOptions.url;
  if (!span || route === undefined) return;
  span.updateName(`${request.method} ${route}`);
  span.setAttribute('http.route', route);
}

/**
 * What every HTTP server of ours does with each request: times it (memories_http_request_duration_seconds), runs
 * its handler in the request's scope (log lines carry its correlation id and `service`), and when tracing, names the
 * request's span after its route. The scope starts before the handler, after the body is read (a scope entered
 * earlier would not survive the body's stream events). Call before the routes are registered.
 */
export function observeHttpRequests(fastify: FastifyInstance, service: string): void {
  measureHttpRequests(fastify);
  fastify.addHook('preHandler', (request, _reply, done) => {
    if (isTracingEnabled()) nameServerSpan(request);
    runInRequestScope({ correlationId: correlationIdOf(request), service }, done);
  });
}
