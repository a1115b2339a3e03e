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
 * What every HTTP server of ours does with each request: times it (memories_http_request_duration_seconds). When
 * tracing (which keeps a context per request anyway), it also names the request's span after its route and runs the
 * handler in the request's scope, so that every line the handler logs carries the correlation id and the trace; it
 * enters after the body is read, as a scope entered earlier would not survive the body's stream events. Without
 * tracing there is no scope (it would cost every promise of the request): lines name their request (`lineOf`). Call
 * before the routes are registered.
 */
export function observeHttpRequests(fastify: FastifyInstance, service: string): void {
  measureHttpRequests(fastify);
  if (!isTracingEnabled()) return;
  fastify.addHook('preHandler', (request, _reply, done) => {
    nameServerSpan(request);
    runInRequestScope({ correlationId: correlationIdOf(request), service }, done);
  });
}
