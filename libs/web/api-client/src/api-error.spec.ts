import { ApiError } from './api-error';

describe('ApiError.isUnreachable: the server could not be reached, so the session may still be valid', () => {
  it.each([
    ['no answer', { kind: 'network', status: 0 }, true],
    ['a timeout', { kind: 'timeout', status: 0 }, true],
    ['a proxy with no server behind it (502)', { kind: 'http', status: 502 }, true],
    ['a proxy with the server unavailable (503)', { kind: 'http', status: 503 }, true],
    ['a proxy whose server did not answer in time (504)', { kind: 'http', status: 504 }, true],
    ['a server error (500)', { kind: 'http', status: 500 }, false],
    ['a refused session (401)', { kind: 'http', status: 401 }, false],
    ['an answer the app does not understand', { kind: 'invalid-response', status: 200 }, false],
  ] as const)('%s: %s', (_case, init, unreachable) => {
    expect(new ApiError({ ...init, message: 'failed' }).isUnreachable).toBe(unreachable);
  });
});
