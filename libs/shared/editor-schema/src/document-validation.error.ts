export type DocumentValidationReason = 'NOT_A_DOCUMENT' | 'INVALID_JSON' | 'TOO_LARGE' | 'TOO_DEEP';

/**
 * Thrown when content cannot be normalised at all (as opposed to content that is cleaned up). Callers answer it
 * with a validation error (HTTP 400); `reason` tells which rule was broken.
 */
export class DocumentValidationError extends Error {
  constructor(
    readonly reason: DocumentValidationReason,
    message: string,
  ) {
    super(message);
    this.name = 'DocumentValidationError';
  }
}
