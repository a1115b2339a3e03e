/**
 * Why a call failed: the server answered with an error (`http`), answered something that is not our envelope
 * (`invalid-response`), did not answer in time (`timeout`), or could not be reached (`network`).
 */
export type ApiErrorKind = 'http' | 'invalid-response' | 'timeout' | 'network';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The failure envelope's `error.code` (e.g. `MEMORY_NOT_FOUND`), when the server sent one. */
  code?: string;
  detail?: unknown;
  cause?: unknown;
}

/** The one error type every api-client call rejects with, so screens can map status/kind to the spec's messages. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code?: string;
  readonly detail?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
  }
}
