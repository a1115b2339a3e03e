/**
 * The HTTP facts of a session that the gateway and the web client must agree on.
 * The refresh token lives only in this HttpOnly cookie, scoped to the auth endpoints.
 */
export const REFRESH_COOKIE_NAME = 'memories_refresh';
export const AUTH_COOKIE_PATH = '/api/auth';

/**
 * Every request from the web client carries this header. A cross-site page cannot add a custom header without a
 * CORS preflight (which the API never grants), so the refresh endpoint requires it as its CSRF defence.
 */
export const CLIENT_HEADER = { name: 'X-Requested-With', value: 'memories-web' } as const;
