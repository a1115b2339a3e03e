import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { runInRequestScope } from '../logging/request-scope';
import { measureHttpRequests } from '../metrics/http-metrics';
import { isTracingEnabled } from '../telemetry/tracing-switch';
import { correlationIdOf } from './correlation-id';

/** A preHandler hook, typed loosely enough for a route registered without Fastify's typings. */
export type RequestScopeHook = (request: object, reply: unknown, done: () => void) => void;

/**
 * A preHandler hook that runs a route's handler in its request's scope, so that the lines it logs carry the request's
 * correlation id and `service`. It starts after the body is read: a scope entered earlier would not survive the
 * body's stream events. For routes whose handlers log (the upload service's); the gateway's few lines name the
 * correlation id themselves, which keeps its hot path free of a scope per request.
 */
export function requestScopeHook(service: string): RequestScopeHook {
  return (request, _reply, done) => runInRequestScope({ correlationId: correlationIdOf(request), service }, done);
}

/** The HTTP instrumentation names a server span after the method only; the route template says which route. */
function nameServerSpan(request: FastifyRequest): void {
  const span = trace.getActiveSpan();
  const route = request.routeOptions.url;
  if (!span || route === undefined) return;
  span.updateName(`${request.method} ${route}`);
  span.setAttribute('http.route', route);
}

/**
 * What every HTTP server of ours does with each request: times it (memories_http_request_duration_seconds), and when
 * tracing (which keeps a context per request anyway), names the request's span after its route and runs its handler
 * in the request's scope. Call before the routes are registered.
 */
export function observeHttpRequests(fastify: FastifyInstance, service: string): void {
  measureHttpRequests(fastify);
  if (!isTracingEnabled()) return;
  const scoped = requestScopeHook(service);
  fastify.addHook('preHandler', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    nameServerSpan(request);
    scoped(request, reply, done);
  });
}
