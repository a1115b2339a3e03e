/** A log line of a request: its message and the request's correlation id as a field (see NestPinoLogger). */
export interface RequestLogLine {
  correlation_id: string;
  msg: string;
}

/**
 * A line about the request whose correlation id is given (a message's context, an envelope): for `logger.warn(...)`
 * and the like, whatever scope the line is written in. Code on a hot path names its request this way rather than
 * through a scope per request (see request-scope.ts).
 */
export function lineOf(request: { correlationId: string }, message: string): RequestLogLine {
  return { correlation_id: request.correlationId, msg: message };
}

/** An error as a line's text: its stack (which starts with its message), or what it is when it is not an Error. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
