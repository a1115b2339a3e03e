import type { AuthUser } from '@memories/contracts';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { createAuthApi, type AuthApi } from './auth-api';

interface Seen {
  method?: string;
  url?: string;
  body?: unknown;
}

type Reply = { status: number; body?: unknown } | 'hang';

// A real HTTP server on 127.0.0.1 plays the gateway; each test says how it answers.
let server: Server;
let origin: string;
let reply: Reply;
let seen: Seen;

beforeAll(async () => {
  server = createServer((request, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      seen = { method: request.method, url: request.url, body: raw ? JSON.parse(raw) : undefined };
      if (reply === 'hang') return;
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const user: AuthUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  emailVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  role: 'member',
};

const failureBody = (message?: string) => ({
  success: false,
  ...(message ? { message } : {}),
  error: { code: 'SOME_CODE' },
});

let auth: AuthApi;
let onUnauthorized: jest.Mock;
let beforeRequest: jest.Mock;

/**
 * The client's own timeout: a short one only where a test waits for it. The first request of a test process loads
 * Node's fetch; on a loaded machine that alone outlasted 500 ms, and the first test failed with a timeout.
 */
function clientTimingOutAfter(timeoutMs?: number): ApiClient {
  const created = createApiClient({ basePath: `${origin}/api`, timeoutMs });
  created.connectSession({ accessToken: () => null, beforeRequest, onUnauthorized });
  return created;
}

beforeEach(() => {
  onUnauthorized = jest.fn();
  beforeRequest = jest.fn(async () => undefined);
  auth = createAuthApi(clientTimingOutAfter());
});

async function rejection(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('auth api: one function per call of spec section 7', () => {
  const ok = (data: unknown = null) => ({ status: 200, body: { success: true, data } });

  it.each<[string, (api: AuthApi) => Promise<unknown>, Seen]>([
    [
      'login',
      (api) => api.login({ email: 'ada@example.com', password: 'secret1', rememberMe: true }),
      {
        method: 'POST',
        url: '/api/auth/login',
        body: { email: 'ada@example.com', password: 'secret1', rememberMe: true },
      },
    ],
    [
      'register',
      (api) =>
        api.register({
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          password: 'secret1',
          confirmPassword: 'secret1',
        }),
      {
        method: 'POST',
        url: '/api/auth/register',
        body: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' },
      },
    ],
    ['logout', (api) => api.logout(), { method: 'POST', url: '/api/auth/logout', body: undefined }],
    [
      'signInOptions',
      (api) => api.signInOptions(),
      { method: 'GET', url: '/api/auth/sign-in-options', body: undefined },
    ],
    ['refresh', (api) => api.refresh(), { method: 'POST', url: '/api/auth/refresh', body: undefined }],
    ['getProfile', (api) => api.getProfile(), { method: 'GET', url: '/api/auth/profile', body: undefined }],
    [
      'updateProfile',
      (api) => api.updateProfile({ name: 'Ada King' }),
      { method: 'PUT', url: '/api/auth/profile', body: { name: 'Ada King' } },
    ],
    [
      'changePassword',
      (api) => api.changePassword({ currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' }),
      {
        method: 'PUT',
        url: '/api/auth/change-password',
        body: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
      },
    ],
    [
      'forgotPassword',
      (api) => api.forgotPassword('ada@example.com'),
      { method: 'POST', url: '/api/auth/forgot-password', body: { email: 'ada@example.com' } },
    ],
    [
      'resetPassword',
      (api) => api.resetPassword({ token: 't', newPassword: 'secret2', confirmPassword: 'secret2' }),
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: 't', newPassword: 'secret2', confirmPassword: 'secret2' },
      },
    ],
    [
      'loginWithTwoFactor',
      (api) => api.loginWithTwoFactor({ challengeToken: 'c', code: '123456' }),
      { method: 'POST', url: '/api/auth/login/two-factor', body: { challengeToken: 'c', code: '123456' } },
    ],
    [
      'passkeyLoginOptions',
      (api) => api.passkeyLoginOptions(),
      { method: 'POST', url: '/api/auth/passkeys/authentication-options', body: undefined },
    ],
    [
      'loginWithPasskey',
      (api) => api.loginWithPasskey({ challengeId: 'c', response: { id: 'x' }, rememberMe: true }),
      {
        method: 'POST',
        url: '/api/auth/login/passkey',
        body: { challengeId: 'c', response: { id: 'x' }, rememberMe: true },
      },
    ],
    [
      'verifyEmail',
      (api) => api.verifyEmail('t'),
      { method: 'POST', url: '/api/auth/verify-email', body: { token: 't' } },
    ],
    [
      'resendVerification',
      (api) => api.resendVerification('ada@example.com'),
      { method: 'POST', url: '/api/auth/resend-verification', body: { email: 'ada@example.com' } },
    ],
  ])('%s sends its method, path and body', async (_name, call, expected) => {
    reply = ok();

    await call(auth);

    expect(seen).toEqual(expected);
  });

  it('login and refresh answer the session; profile calls answer the user', async () => {
    reply = ok({ accessToken: 'jwt', user });
    await expect(auth.login({ email: user.email, password: 'secret1', rememberMe: false })).resolves.toEqual({
      accessToken: 'jwt',
      user,
    });
    await expect(auth.refresh()).resolves.toEqual({ accessToken: 'jwt', user });

    reply = ok(user);
    await expect(auth.getProfile()).resolves.toEqual(user);
    await expect(auth.updateProfile({ name: user.name })).resolves.toEqual(user);
    await expect(
      auth.register({ name: user.name, email: user.email, password: 'secret1', confirmPassword: 'secret1' }),
    ).resolves.toEqual(user);
  });

  it('does not wait for a token refresh before the calls that obtain or end a session', async () => {
    reply = ok({ accessToken: 'jwt', user });

    await auth.login({ email: user.email, password: 'secret1', rememberMe: false });
    await auth.register({ name: user.name, email: user.email, password: 'secret1', confirmPassword: 'secret1' });
    await auth.refresh();
    await auth.logout();
    expect(beforeRequest).not.toHaveBeenCalled();

    await auth.getProfile();
    expect(beforeRequest).toHaveBeenCalledTimes(1);
  });
});

describe('login errors (spec section 8)', () => {
  it.each<[string, Reply, string]>([
    [
      '401 with the server message',
      { status: 401, body: failureBody('Invalid email or password.') },
      'Invalid email or password.',
    ],
    ['401 without a message', { status: 401 }, 'Invalid email or password'],
    [
      '400 with the server message',
      { status: 400, body: failureBody('email must be an email') },
      'email must be an email',
    ],
    ['400 without a message', { status: 400 }, 'Invalid login data'],
    [
      '500 even with a server message',
      { status: 500, body: failureBody('Internal server error') },
      'Server error. Please try again later.',
    ],
    [
      'another status with the server message',
      { status: 429, body: failureBody('Too many login attempts. Try again in a minute.') },
      'Too many login attempts. Try again in a minute.',
    ],
    ['another status without a message', { status: 503 }, 'Login failed'],
  ])('%s', async (_case, answer, message) => {
    reply = answer;

    const error = await rejection(auth.login({ email: 'ada@example.com', password: 'wrong1', rememberMe: false }));

    expect(error.message).toBe(message);
  });

  it('says "Network error. Please check your connection." when no answer arrives in time', async () => {
    reply = 'hang';
    auth = createAuthApi(clientTimingOutAfter(500));

    const error = await rejection(auth.login({ email: 'ada@example.com', password: 'secret1', rememberMe: false }));

    expect(error).toMatchObject({ kind: 'timeout', message: 'Network error. Please check your connection.' });
  });

  it('leaves a 401 to the login screen instead of signing out', async () => {
    reply = { status: 401 };

    await rejection(auth.login({ email: 'ada@example.com', password: 'wrong1', rememberMe: false }));

    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('register errors (spec section 8)', () => {
  const payload = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1', confirmPassword: 'secret1' };

  it.each<[string, Reply, string]>([
    ['400', { status: 400, body: failureBody('Invalid email') }, 'Invalid registration data'],
    ['409', { status: 409, body: failureBody('An account with this e-mail already exists') }, 'User already exists'],
    ['500', { status: 500 }, 'Server error. Please try again later.'],
    ['another status', { status: 429, body: failureBody('Too many requests') }, 'Registration failed'],
    ['a 401', { status: 401 }, 'Registration failed'],
  ])('%s', async (_case, answer, message) => {
    reply = answer;

    const error = await rejection(auth.register(payload));

    expect(error.message).toBe(message);
  });

  it('says "Network error. Please check your connection." when the server cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const error = await rejection(createAuthApi(createApiClient({ basePath: `${deadOrigin}/api` })).register(payload));

    expect(error).toMatchObject({ kind: 'network', message: 'Network error. Please check your connection.' });
  });

  it('leaves a 401 to the register screen instead of signing out', async () => {
    reply = { status: 401 };

    await rejection(auth.register(payload));

    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('auth fallbacks (spec section 8)', () => {
  it.each<[string, (api: AuthApi) => Promise<unknown>, string]>([
    ['logout', (api) => api.logout(), 'Logout failed'],
    ['refresh', (api) => api.refresh(), 'Token refresh failed'],
    ['getProfile', (api) => api.getProfile(), 'Failed to fetch profile'],
    ['updateProfile', (api) => api.updateProfile({ name: 'A' }), 'Profile update failed'],
    [
      'changePassword',
      (api) => api.changePassword({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' }),
      'Password change failed',
    ],
    ['forgotPassword', (api) => api.forgotPassword('a@b.co'), 'Password reset request failed'],
    [
      'resetPassword',
      (api) => api.resetPassword({ token: 't', newPassword: 'secret2', confirmPassword: 'secret2' }),
      'Password reset failed',
    ],
    ['verifyEmail', (api) => api.verifyEmail('t'), 'Email verification failed'],
    ['resendVerification', (api) => api.resendVerification('a@b.co'), 'Failed to resend verification email'],
  ])(
    '%s says its fallback when the server gives no message, else the server message',
    async (_name, call, fallback) => {
      reply = { status: 502 };
      expect((await rejection(call(auth))).message).toBe(fallback);

      reply = { status: 400, body: failureBody('Name is too long') };
      expect((await rejection(call(auth))).message).toBe('Name is too long');
    },
  );

  it('a 401 on refresh and logout is theirs to report; on the profile it signs the user out', async () => {
    reply = { status: 401 };

    await rejection(auth.refresh());
    await rejection(auth.logout());
    expect(onUnauthorized).not.toHaveBeenCalled();

    await rejection(auth.getProfile());
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
