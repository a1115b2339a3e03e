import { correlationIdOf } from '../http/correlation-id';
import { processLogger } from './process-logger';

/**
 * With LOG_LEVEL=debug: one line per answered HTTP request, named by its route template (never its path or query,
 * which can hold what a person searched for), with its correlation id, whether or not a request scope is active.
 */
export function logAnswered(method: string, route: string, status: number, seconds: number, request: object): void {
  const logger = processLogger();
  if (!logger.isLevelEnabled('debug')) return;
  logger.debug(
    { context: 'http', correlation_id: correlationIdOf(request), status, duration_ms: Math.round(seconds * 1000) },
    `${method} ${route} ${status}`,
  );
}

/** With LOG_LEVEL=debug: `handle` (a bus message's handling) followed by one line saying how long it took. */
export function withHandledLine<T>(
  subject: string,
  correlationId: string | undefined,
  handle: () => Promise<T>,
): () => Promise<T> {
  const logger = processLogger();
  if (!logger.isLevelEnabled('debug')) return handle;
  return async () => {
    const startedAt = performance.now();
    try {
      return await handle();
    } finally {
      logger.debug(
        { context: 'bus', correlation_id: correlationId, duration_ms: Math.round(performance.now() - startedAt) },
        `handled ${subject}`,
      );
    }
  };
}
