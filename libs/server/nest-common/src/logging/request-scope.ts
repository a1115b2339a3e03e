import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one request (or bus message) says about it. */
export interface RequestScope {
  readonly correlationId: string;
  /** The service handling it (in `npm start` one process runs them all). */
  readonly service: string;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `work` (and everything it starts) inside a request's scope, so that its log lines carry its ids. */
export function runInRequestScope<T>(scope: RequestScope, work: () => T): T {
  return scopes.run(scope, work);
}

export function currentRequestScope(): RequestScope | undefined {
  return scopes.getStore();
}
