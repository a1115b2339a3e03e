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
  /** The message the server itself sent (spec section 8 extraction order), when it sent one. */
  serverMessage?: string;
  cause?: unknown;
}

const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The one error type every api-client call rejects with, so screens can map status/kind to the spec's messages. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code?: string;
  readonly detail?: unknown;
  readonly serverMessage?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.serverMessage = init.serverMessage;
  }

  /** True when no HTTP answer arrived at all (unreachable server or timeout). */
  get isNoResponse(): boolean {
    return this.kind === 'network' || this.kind === 'timeout';
  }

  /**
   * True when the server could not be reached: no answer, or a proxy's answer that the server behind it is down or
   * slow (502, 503, 504). The session may well be valid; the app falls back to what the device kept.
   */
  get isUnreachable(): boolean {
    return this.isNoResponse || UNREACHABLE_STATUSES.has(this.status);
  }

  /** The same failure with the message a screen should show (the per-call catalogues of spec section 8). */
  withMessage(message: string): ApiError {
    const { kind, status, code, detail, serverMessage, cause } = this;
    return new ApiError({ kind, status, code, detail, serverMessage, message, cause });
  }
}
