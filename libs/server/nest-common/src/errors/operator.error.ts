/**
 * A failure whose message tells the person running a command everything they need (what happened, what to do):
 * entry points print it alone, without a stack trace.
 */
export class OperatorError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OperatorError';
  }
}
