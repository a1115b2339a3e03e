import type { SubjectPattern } from '../bus/subjects';

/**
 * The rate limits of the gateway (sign-in, registration, look-ups), counted in the auth service's PostgreSQL so that
 * every gateway replica sees the same count.
 */
export const RATE_LIMIT_SUBJECTS = {
  hit: 'auth.rate-limits.hit',
} as const satisfies Record<string, SubjectPattern>;

/** One request counted against a limit: `key` names who and what (an opaque hash), `ttlMs` the window. */
export interface RateLimitHit {
  key: string;
  ttlMs: number;
  limit: number;
}

/** The count after the hit, and whether it is over the limit (then the request is refused). */
export interface RateLimitState {
  totalHits: number;
  /** Seconds until the window ends and the count starts again. */
  secondsToExpire: number;
  isBlocked: boolean;
}

export interface RateLimitBusRequestMap {
  [RATE_LIMIT_SUBJECTS.hit]: { payload: RateLimitHit; result: RateLimitState };
}
