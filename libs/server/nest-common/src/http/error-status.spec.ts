import { codeForHttpStatus, httpStatusForCode } from './error-status';

describe('error code to HTTP status mapping', () => {
  it.each([
    ['VALIDATION_FAILED', 400],
    ['MALFORMED_REQUEST', 400],
    ['UNAUTHORIZED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['PAYLOAD_TOO_LARGE', 413],
    ['RATE_LIMITED', 429],
    ['SERVICE_UNHEALTHY', 503],
    ['BUS_UNAVAILABLE', 503],
    ['BUS_TIMEOUT', 504],
    ['INTERNAL', 500],
  ])('maps %s to %i', (code, status) => {
    expect(httpStatusForCode(code)).toBe(status);
  });

  it.each([
    ['MEMORY_NOT_FOUND', 404],
    ['USER_ALREADY_EXISTS', 409],
    ['UPLOAD_TOO_LARGE', 413],
    ['LOGIN_RATE_LIMITED', 429],
    ['TOKEN_UNAUTHORIZED', 401],
    ['STORAGE_UNAVAILABLE', 503],
  ])('maps the feature code %s by its suffix to %i', (code, status) => {
    expect(httpStatusForCode(code)).toBe(status);
  });

  it.each([
    ['SIGNUP_CLOSED', 403],
    ['ACCOUNT_DISABLED', 403],
    ['STORAGE_QUOTA_EXCEEDED', 413],
    ['ADMIN_ONLY_FORBIDDEN', 403],
    ['LAST_ADMIN_CONFLICT', 409],
  ])('maps the administration code %s to %i', (code, status) => {
    expect(httpStatusForCode(code)).toBe(status);
  });

  it('maps a code it does not know to 500', () => {
    expect(httpStatusForCode('SOMETHING_ODD')).toBe(500);
  });

  it('gives framework errors the matching code', () => {
    expect(codeForHttpStatus(404)).toBe('NOT_FOUND');
    expect(codeForHttpStatus(415)).toBe('MALFORMED_REQUEST');
    expect(codeForHttpStatus(502)).toBe('INTERNAL');
  });
});
