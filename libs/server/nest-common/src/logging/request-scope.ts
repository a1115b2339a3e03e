import { AsyncLocalStorage } from 'node:async_hooks';
import { context, createContextKey } from '@opentelemetry/api';
import { isTracingEnabled } from '../telemetry/tracing-switch';

/** What every log line written while handling one request (or bus message) says about it. */
export interface RequestScope {
  readonly correlationId: string;
  /** The service handling it (in `npm start` one process runs them all). */
  readonly service: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();
const SCOPE_KEY = createContextKey('memories.request-scope');

/**
 * Runs `work` (and everything it starts) inside a request's scope, so that its log lines carry its ids. When tracing,
 * the scope rides in OpenTelemetry's context, which the SDK already carries across every promise: a second
 * AsyncLocalStorage would cost every promise again.
 */
export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  if (isTracingEnabled()) return context.with(context.active().setValue(SCOPE_KEY, scope), work);
  return scopes.run(scope, work);
}

export function currentRequestScope(): RequestScope | undefined {
  if (isTracingEnabled()) return context.active().getValue(SCOPE_KEY) as RequestScope | undefined;
  return scopes.getStore();
}
