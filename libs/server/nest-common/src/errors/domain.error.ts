import type { ErrorCode } from '@memories/contracts';

/**
 * An expected failure with a code from `@memories/contracts`. Services throw it; the RPC filter carries it over
 * the bus as `{ code, message, detail }`; the gateway maps the code to an HTTP status.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode | string,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
