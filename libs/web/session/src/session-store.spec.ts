import type { AuthSession, AuthUser, TwoFactorChallenge } from '@memories/contracts';
import { ApiError, createApiClient, createAuthApi, type AuthApi } from '@memories/web-api-client';
import { createSessionStore, type KeptProfile, type SessionStoreOptions } from './session-store';
import { sessionStatus } from './session-state';

const START = Date.UTC(2026, 0, 1);

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token shaped like the gateway's (ES256 JWT); only its exp matters to the client. */
const jwtExpiringIn = (ms: number, id = 'jwt') =>
  `${base64Url({ alg: 'ES256', typ: 'JWT' })}.${base64Url({ sub: 'u1', jti: id, exp: Math.floor((Date.now() + ms) / 1000) })}.sig`;

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

const sessionFor = (accessToken: string): AuthSession => ({ accessToken, user });
const httpError = (status: number) => new ApiError({ kind: 'http', status, message: `status ${status}` });
const networkError = () =>
  new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' });
const timeoutError = () =>
  new ApiError({ kind: 'timeout', status: 0, message: 'The server did not answer in time. Please try again.' });

type FakeAuth = { [K in keyof SessionStoreOptions['auth']]: jest.Mock };

function fakeAuth(overrides: Partial<FakeAuth> = {}): FakeAuth {
  return {
    login: jest.fn(async () => sessionFor(jwtExpiringIn(15 * 60_000, 'login'))),
    loginWithTwoFactor: jest.fn(async () => sessionFor(jwtExpiringIn(15 * 60_000, 'second-step'))),
    loginWithPasskey: jest.fn(async () => sessionFor(jwtExpiringIn(15 * 60_000, 'passkey'))),
    logout: jest.fn(async () => null),
    refresh: jest.fn(async () => sessionFor(jwtExpiringIn(15 * 60_000, 'refreshed'))),
    getProfile: jest.fn(async () => user),
    updateProfile: jest.fn(async (payload: Partial<AuthUser>) => ({ ...user, ...payload })),
    ...overrides,
  };
}

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles as soon as the promise does, reporting whether it had by then. */
function track<T>(promise: Promise<T>) {
  const tracked = { settled: false, value: undefined as T | undefined };
  void promise.then((value) => Object.assign(tracked, { settled: true, value }));
  return tracked;
}

const login = { email: 'ada@example.com', password: 'secret1', rememberMe: true };

beforeEach(() => {
  jest.useFakeTimers({ now: START });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('session start (spec section 4)', () => {
  it('starts initializing and loading', () => {
    const store = createSessionStore({ auth: fakeAuth() });

    expect(sessionStatus(store.getState())).toBe('initializing');
    expect(store.getState()).toMatchObject({ isLoading: true, isInitialized: false });
  });

  it('with no token, signs in through the refresh cookie', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });

    await store.initialize();

    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(sessionStatus(store.getState())).toBe('authenticated');
    expect(store.getState()).toMatchObject({
      user,
      isAuthenticated: true,
      isLoading: false,
      isInitialized: true,
      isRefreshing: false,
      lastRefreshAt: START,
      lastRefreshAttemptAt: START,
    });
    expect(store.getState().accessToken).toContain('.');
  });

  it.each([
    ['a 401', httpError(401)],
    ['a 404', httpError(404)],
    ['no answer', networkError()],
  ])('with no token, is signed out and initialised when the refresh fails with %s', async (_case, error) => {
    const store = createSessionStore({ auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(error)) }) });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(store.getState()).toMatchObject({
      accessToken: null,
      user: null,
      isInitialized: true,
      isLoading: false,
      isRefreshing: false,
      lastRefreshAttemptAt: START,
    });
  });

  it('initialises only once however often it is asked', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });

    await Promise.all([store.initialize(), store.initialize()]);
    await store.initialize();

    expect(auth.refresh).toHaveBeenCalledTimes(1);
  });

  it('with a valid token, fetches the profile (leaving a 401 to itself) instead of refreshing', async () => {
    const renamed = { ...user, name: 'Ada King' };
    const auth = fakeAuth({ getProfile: jest.fn(async () => renamed) });
    const store = createSessionStore({ auth });
    await store.login(login);

    await store.initialize();

    expect(auth.getProfile).toHaveBeenCalledWith({ ignoreUnauthorized: true });
    expect(auth.refresh).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      user: renamed,
      isAuthenticated: true,
      isInitialized: true,
      isLoading: false,
    });
  });

  it('with a valid token whose profile fails, refreshes', async () => {
    const auth = fakeAuth({ getProfile: jest.fn(async () => Promise.reject(httpError(401))) });
    const store = createSessionStore({ auth });
    await store.login(login);

    await store.initialize();

    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(sessionStatus(store.getState())).toBe('authenticated');
    expect(store.getState().lastRefreshAt).toBe(START);
  });

  it('with a valid token whose profile and refresh fail, clears the session and marks it initialised', async () => {
    const auth = fakeAuth({
      getProfile: jest.fn(async () => Promise.reject(networkError())),
      refresh: jest.fn(async () => Promise.reject(networkError())),
    });
    const store = createSessionStore({ auth });
    await store.login(login);

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isInitialized: true });
  });

  it('with an expired token, refreshes instead of fetching the profile', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.login(login);
    jest.setSystemTime(START + 15 * 60_000 - 30_000);

    await store.initialize();

    expect(auth.getProfile).not.toHaveBeenCalled();
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(sessionStatus(store.getState())).toBe('authenticated');
  });

  it('with an expired token and a refresh attempted within the last 30 s, does not refresh again and is signed out', async () => {
    const auth = fakeAuth({ refresh: jest.fn(async () => Promise.reject(networkError())) });
    const store = createSessionStore({ auth });
    await store.refresh();
    auth.login.mockResolvedValueOnce(sessionFor(jwtExpiringIn(20_000)));
    await store.login(login);
    jest.setSystemTime(START + 29_999);

    await store.initialize();

    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
  });
});

describe('login and logout (spec section 4)', () => {
  it('stores the token and user of a successful login', async () => {
    const token = jwtExpiringIn(15 * 60_000, 'mine');
    const auth = fakeAuth({ login: jest.fn(async () => sessionFor(token)) });
    const store = createSessionStore({ auth });

    await expect(store.login(login)).resolves.toEqual({ status: 'signed-in', user });

    expect(auth.login).toHaveBeenCalledWith(login);
    expect(store.getState()).toMatchObject({
      accessToken: token,
      user,
      isAuthenticated: true,
      isInitialized: true,
      isLoading: false,
    });
  });

  it('stays signed out when the password step answers a two-factor challenge, and signs in with the second step', async () => {
    const challenge: TwoFactorChallenge = {
      twoFactorRequired: true,
      challengeToken: 'challenge',
      expiresAt: '2026-01-01T00:05:00.000Z',
    };
    const auth = fakeAuth({ login: jest.fn(async () => challenge) });
    const store = createSessionStore({ auth });
    await store.initialize();

    await expect(store.login(login)).resolves.toEqual({ status: 'two-factor-required', challenge });
    expect(store.getState()).toMatchObject({ accessToken: null, isAuthenticated: false, isInitialized: true });

    await expect(store.completeTwoFactorLogin({ challengeToken: 'challenge', code: '123456' })).resolves.toEqual({
      status: 'signed-in',
      user,
    });
    expect(auth.loginWithTwoFactor).toHaveBeenCalledWith({ challengeToken: 'challenge', code: '123456' });
    expect(store.getState()).toMatchObject({ user, isAuthenticated: true });
  });

  it('signs in with a passkey, and a refused second step or passkey leaves the session cleared', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.initialize();
    const passkey = { challengeId: 'c', response: {}, rememberMe: false };

    await expect(store.loginWithPasskey(passkey)).resolves.toEqual({ status: 'signed-in', user });
    expect(store.getState().isAuthenticated).toBe(true);

    auth.loginWithTwoFactor.mockRejectedValueOnce(httpError(401));
    await expect(store.completeTwoFactorLogin({ challengeToken: 'c', code: '000000' })).rejects.toMatchObject({
      status: 401,
    });
    expect(store.getState()).toMatchObject({ accessToken: null, isAuthenticated: false });
  });

  it('clears the session when a login fails and passes the error on to the screen', async () => {
    const failure = new ApiError({ kind: 'http', status: 401, message: 'Invalid email or password' });
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.initialize();
    auth.login.mockRejectedValueOnce(failure);

    await expect(store.login(login)).rejects.toBe(failure);

    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isAuthenticated: false });
  });

  it('clears the session on logout after telling the server', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.initialize();

    await store.logout();

    expect(auth.logout).toHaveBeenCalledTimes(1);
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
  });

  it('after a single sign-on, sends the browser on to the provider’s logout once the session is cleared', async () => {
    const endSessionUrl = 'https://id.example.com/logout?id_token_hint=x';
    const auth = fakeAuth({ logout: jest.fn(async () => ({ endSessionUrl })) });
    const seen: Array<[string, string]> = [];
    const store = createSessionStore({ auth, leaveFor: (url) => seen.push([url, sessionStatus(store.getState())]) });
    await store.initialize();

    await store.logout();

    expect(seen).toEqual([[endSessionUrl, 'unauthenticated']]);
  });

  it('clears the session on logout even when the server call fails', async () => {
    const auth = fakeAuth({ logout: jest.fn(async () => Promise.reject(networkError())) });
    const store = createSessionStore({ auth });
    await store.initialize();

    await expect(store.logout()).resolves.toBeUndefined();

    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isAuthenticated: false });
  });

  it('replaces the user with the answer of a profile update', async () => {
    const store = createSessionStore({ auth: fakeAuth() });
    await store.initialize();

    await store.updateProfile({ name: 'Ada King' });

    expect(store.getState().user).toEqual({ ...user, name: 'Ada King' });
  });

  it('notifies subscribers of every change until they unsubscribe', async () => {
    const store = createSessionStore({ auth: fakeAuth() });
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);

    await store.initialize();
    const calls = listener.mock.calls.length;
    unsubscribe();
    await store.logout();

    expect(calls).toBeGreaterThan(0);
    expect(listener).toHaveBeenCalledTimes(calls);
  });
});

describe('refresh (spec sections 4 and 9)', () => {
  it.each([401, 403])('clears the session when the refresh is answered %i', async (status) => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.initialize();
    auth.refresh.mockRejectedValueOnce(httpError(status));
    jest.setSystemTime(START + 60_000);

    await expect(store.refresh()).resolves.toBe(false);

    expect(store.getState()).toMatchObject({
      accessToken: null,
      user: null,
      isAuthenticated: false,
      isRefreshing: false,
    });
  });

  it('keeps the session when a refresh fails for another reason', async () => {
    const auth = fakeAuth();
    const store = createSessionStore({ auth });
    await store.initialize();
    const token = store.getState().accessToken;
    auth.refresh.mockRejectedValueOnce(httpError(503));
    jest.setSystemTime(START + 60_000);

    await expect(store.refresh()).resolves.toBe(false);

    expect(store.getState()).toMatchObject({
      accessToken: token,
      isAuthenticated: true,
      isRefreshing: false,
      lastRefreshAttemptAt: START + 60_000,
      lastRefreshAt: START,
    });
  });

  it('does not refresh again within 30 s of the last attempt', async () => {
    const auth = fakeAuth({ refresh: jest.fn(async () => Promise.reject(networkError())) });
    const store = createSessionStore({ auth });
    await store.refresh();

    jest.setSystemTime(START + 29_999);
    await expect(store.refresh()).resolves.toBe(false);
    expect(auth.refresh).toHaveBeenCalledTimes(1);

    jest.setSystemTime(START + 30_000);
    await store.refresh();
    expect(auth.refresh).toHaveBeenCalledTimes(2);
  });

  it('serialises concurrent refreshes: the others poll every 100 ms and share the result', async () => {
    const answer = deferred<AuthSession>();
    const auth = fakeAuth({ refresh: jest.fn(() => answer.promise) });
    const store = createSessionStore({ auth });

    const first = track(store.refresh());
    const second = track(store.refresh());
    const third = track(store.refresh());
    await jest.advanceTimersByTimeAsync(250);
    expect(store.getState().isRefreshing).toBe(true);
    expect([first.settled, second.settled, third.settled]).toEqual([false, false, false]);

    answer.resolve(sessionFor(jwtExpiringIn(15 * 60_000)));
    await jest.advanceTimersByTimeAsync(0);
    expect(first).toEqual({ settled: true, value: true });
    expect(second.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(50);

    expect(auth.refresh).toHaveBeenCalledTimes(1);
    expect(second).toEqual({ settled: true, value: true });
    expect(third).toEqual({ settled: true, value: true });
  });

  it('stops waiting for a refresh in progress after 50 polls of 100 ms', async () => {
    const auth = fakeAuth({ refresh: jest.fn(() => new Promise<never>(() => undefined)) });
    const store = createSessionStore({ auth });
    void store.refresh();

    const waiting = track(store.refresh());
    await jest.advanceTimersByTimeAsync(4_999);
    expect(waiting.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);

    expect(waiting).toEqual({ settled: true, value: false });
    expect(auth.refresh).toHaveBeenCalledTimes(1);
  });
});

describe('the session behind every API call (spec sections 4 and 7)', () => {
  interface Call {
    url: string;
    authorization: string | null;
  }

  /** The real api client and auth api over a scripted fetch: answers by path, records what was sent. */
  function wiredStore(
    answers: Record<string, () => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>>,
  ) {
    const calls: Call[] = [];
    const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const headers = new Headers(init?.headers);
      calls.push({ url, authorization: headers.get('authorization') });
      const answer = await (answers[url] ?? (() => ({ status: 404 })))();
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status });
    });
    const client = createApiClient({ fetch });
    const auth: AuthApi = createAuthApi(client);
    const store = createSessionStore({ auth, client });
    const goToLogin = jest.fn();
    store.setLoginNavigation(goToLogin);
    return { client, store, calls, goToLogin };
  }

  const ok = (data: unknown) => ({ status: 200, body: { success: true, data } });
  const unauthorized = () => ({
    status: 401,
    body: { success: false, message: 'Unauthorized', error: { code: 'UNAUTHORIZED' } },
  });

  it('sends the held token as a bearer token', async () => {
    const token = jwtExpiringIn(15 * 60_000);
    const { client, store, calls } = wiredStore({
      '/api/auth/refresh': () => ok(sessionFor(token)),
      '/api/memories/my': () => ok([]),
    });
    await store.initialize();

    await client.get('/memories/my');

    expect(calls.at(-1)).toEqual({ url: '/api/memories/my', authorization: `Bearer ${token}` });
  });

  it('refreshes an expiring token before the call and sends the new one', async () => {
    const tokens = [jwtExpiringIn(15 * 60_000, 'first'), jwtExpiringIn(30 * 60_000, 'second')];
    const { client, store, calls } = wiredStore({
      '/api/auth/refresh': () => ok(sessionFor(tokens.shift() as string)),
      '/api/memories/my': () => ok([]),
    });
    await store.initialize();
    const second = tokens[0];
    jest.setSystemTime(START + 15 * 60_000 - 30_000);

    await client.get('/memories/my');

    expect(calls.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/auth/refresh', '/api/memories/my']);
    expect(calls.at(-1)?.authorization).toBe(`Bearer ${second}`);
  });

  it('holds a call while a refresh is in progress and sends it with the refreshed token', async () => {
    const answer = deferred<{ status: number; body?: unknown }>();
    const token = jwtExpiringIn(15 * 60_000);
    const { client, store, calls } = wiredStore({
      '/api/auth/refresh': () => answer.promise,
      '/api/memories/my': () => ok([]),
    });
    void store.initialize();

    const call = track(client.get('/memories/my'));
    await jest.advanceTimersByTimeAsync(300);
    expect(calls.map((sent) => sent.url)).toEqual(['/api/auth/refresh']);

    answer.resolve(ok(sessionFor(token)));
    await jest.advanceTimersByTimeAsync(100);

    expect(call.settled).toBe(true);
    expect(calls.at(-1)).toEqual({ url: '/api/memories/my', authorization: `Bearer ${token}` });
  });

  it('a 401 from a signed-in call clears the session and sends the browser to /login', async () => {
    const { client, store, goToLogin } = wiredStore({
      '/api/auth/refresh': () => ok(sessionFor(jwtExpiringIn(15 * 60_000))),
      '/api/memories/my': unauthorized,
    });
    await store.initialize();

    await expect(client.get('/memories/my')).rejects.toMatchObject({ status: 401 });

    expect(store.getState()).toMatchObject({
      accessToken: null,
      user: null,
      isAuthenticated: false,
      isInitialized: true,
    });
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('a 401 on login is left to the screen: no navigation', async () => {
    const { store, goToLogin } = wiredStore({ '/api/auth/refresh': unauthorized, '/api/auth/login': unauthorized });
    await store.initialize();

    await expect(store.login(login)).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });

    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('a visitor without a refresh cookie is signed out on start without being sent anywhere', async () => {
    const { store, goToLogin } = wiredStore({ '/api/auth/refresh': unauthorized });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(goToLogin).not.toHaveBeenCalled();
  });
});

/** The device's kept profile as a plain record, so a test sees exactly what was kept and what was forgotten. */
function keptProfileHolding(user: AuthUser | null) {
  const device = { user, forgotten: [] as string[] };
  const kept: KeptProfile = {
    keep: jest.fn(async (next: AuthUser) => {
      device.user = next;
    }),
    lastSignedIn: jest.fn(async () => device.user),
    forget: jest.fn(async (userId: string) => {
      device.forgotten.push(userId);
      if (device.user?.id === userId) device.user = null;
    }),
  };
  return { device, kept };
}

/** The `online` event, fired by the test. */
function connectivity() {
  const listeners = new Set<() => void>();
  const onOnline = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { onOnline, goOnline: () => listeners.forEach((listener) => listener()) };
}

describe('a session that opens offline', () => {
  /** A session over a real api client on `fetch`, with `user` kept on this device, started. */
  async function startedOverFetch(fetch: NonNullable<Parameters<typeof createApiClient>[0]>['fetch']) {
    const client = createApiClient({ fetch });
    const { kept } = keptProfileHolding(user);
    const { onOnline, goOnline } = connectivity();
    const store = createSessionStore({ auth: createAuthApi(client), client, keptProfile: kept, onOnline });
    const goToLogin = jest.fn();
    store.setLoginNavigation(goToLogin);
    await store.initialize();
    return { client, store, goToLogin, goOnline };
  }

  it.each([
    ['no answer', networkError()],
    ['a timeout', timeoutError()],
    ['a proxy that cannot reach the server (502)', httpError(502)],
    ['a proxy that cannot reach the server (504)', httpError(504)],
  ])('opens as the user this device last had signed in when the start-up refresh gets %s', async (_case, error) => {
    const { kept } = keptProfileHolding(user);
    const store = createSessionStore({
      auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(error)) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('authenticated');
    expect(store.getState()).toMatchObject({
      user: user,
      isAuthenticated: true,
      isOffline: true,
      accessToken: null,
      isInitialized: true,
      isLoading: false,
    });
  });

  it('is signed out when the network is down but this device has no one signed in', async () => {
    const { kept } = keptProfileHolding(null);
    const store = createSessionStore({
      auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(networkError())) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(store.getState().isOffline).toBe(false);
  });

  it.each([401, 403])(
    'a start-up refresh refused with %i signs out and forgets what the device kept of that user',
    async (status) => {
      const { device, kept } = keptProfileHolding(user);
      const store = createSessionStore({
        auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(httpError(status))) }),
        keptProfile: kept,
        onOnline: connectivity().onOnline,
      });

      await store.initialize();

      expect(sessionStatus(store.getState())).toBe('unauthenticated');
      expect(device).toEqual({ user: null, forgotten: ['u1'] });
    },
  );

  it('a server error that is not about reaching it (500) signs out as before, keeping the device copy', async () => {
    const { device, kept } = keptProfileHolding(user);
    const store = createSessionStore({
      auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(httpError(500))) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(device.forgotten).toEqual([]);
  });

  it('becomes a real session when the connection returns, even within 30 s of the failed refresh', async () => {
    const refresh = jest
      .fn()
      .mockRejectedValueOnce(networkError())
      .mockResolvedValue({ accessToken: jwtExpiringIn(15 * 60_000), user: { ...user, name: 'Ada King' } });
    const { device, kept } = keptProfileHolding(user);
    const { onOnline, goOnline } = connectivity();
    const store = createSessionStore({ auth: fakeAuth({ refresh }), keptProfile: kept, onOnline });
    await store.initialize();
    jest.setSystemTime(START + 5_000);

    goOnline();
    await jest.advanceTimersByTimeAsync(0);

    expect(refresh).toHaveBeenCalledTimes(2);
    expect(store.getState()).toMatchObject({ isOffline: false, isAuthenticated: true, user: { name: 'Ada King' } });
    expect(store.getState().accessToken).toContain('.');
    expect(device.user?.name).toBe('Ada King');
  });

  it('a refresh refused when the connection returns signs out and forgets the user', async () => {
    const refresh = jest.fn().mockRejectedValueOnce(networkError()).mockRejectedValue(httpError(401));
    const { device, kept } = keptProfileHolding(user);
    const { onOnline, goOnline } = connectivity();
    const store = createSessionStore({ auth: fakeAuth({ refresh }), keptProfile: kept, onOnline });
    await store.initialize();

    goOnline();
    await jest.advanceTimersByTimeAsync(0);

    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(store.getState()).toMatchObject({ isOffline: false, user: null });
    expect(device).toEqual({ user: null, forgotten: ['u1'] });
  });

  it('a call made offline tries for a token first, so the first call after the connection returns carries one', async () => {
    const sent: { url: string; authorization: string | null }[] = [];
    let online = false;
    const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!online) throw new TypeError('Failed to fetch');
      sent.push({ url, authorization: new Headers(init?.headers).get('authorization') });
      const data = url === '/api/auth/refresh' ? sessionFor(jwtExpiringIn(15 * 60_000)) : [];
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    });
    const { client, store } = await startedOverFetch(fetch);
    expect(store.getState().isOffline).toBe(true);

    await expect(client.get('/memories/my')).rejects.toMatchObject({ kind: 'network' });
    expect(store.getState().isOffline).toBe(true);

    online = true;
    await client.get('/memories/my');

    expect(sent.map((call) => call.url)).toEqual(['/api/auth/refresh', '/api/memories/my']);
    expect(sent[1].authorization).toMatch(/^Bearer /);
    expect(store.getState().isOffline).toBe(false);
  });

  it('a call whose try for a token did not reach the server is not sent without one, so a 401 cannot sign the person out', async () => {
    // The connection comes back between the refresh that failed and the call: the call alone would reach the server.
    const sent: string[] = [];
    const fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/refresh') throw new TypeError('Failed to fetch');
      sent.push(url);
      return new Response(JSON.stringify({ success: false, message: 'Unauthorized' }), { status: 401 });
    });
    const { client, store, goToLogin } = await startedOverFetch(fetch);

    await expect(client.get('/memories/my')).rejects.toMatchObject({ kind: 'network' });

    expect(sent).toEqual([]);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ isOffline: true, isAuthenticated: true, user });
  });

  it('a call that outwaits the returning connection’s refresh is not sent without a token; the refresh then ends it offline', async () => {
    // The `online` event's refresh is slow (a loaded machine, a queue of requests); the outbox's drain, on the same
    // event, calls meanwhile. The spec's wait ends after about 5 s: the call must not then go out with no token.
    const sent: string[] = [];
    let online = false;
    const refreshAnswer = deferred<Response>();
    const fetch = jest.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (!online) throw new TypeError('Failed to fetch');
      if (url === '/api/auth/refresh') return refreshAnswer.promise;
      sent.push(url);
      return new Response(JSON.stringify({ success: false, message: 'Unauthorized' }), { status: 401 });
    });
    const { client, store, goToLogin, goOnline } = await startedOverFetch(fetch);

    online = true;
    goOnline();
    const call = expect(client.get('/memories/my')).rejects.toMatchObject({ kind: 'network' });
    await jest.advanceTimersByTimeAsync(5_000);
    await call;
    expect(sent).toEqual([]);
    expect(goToLogin).not.toHaveBeenCalled();

    refreshAnswer.resolve(
      new Response(JSON.stringify({ success: true, data: sessionFor(jwtExpiringIn(15 * 60_000)) }), { status: 200 }),
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ isOffline: false, isAuthenticated: true, user });
  });
});

describe('the profile this device keeps', () => {
  it('is kept on sign-in, refresh and profile change; never the token', async () => {
    const { kept } = keptProfileHolding(null);
    const store = createSessionStore({ auth: fakeAuth(), keptProfile: kept, onOnline: connectivity().onOnline });

    await store.initialize();
    await store.login({ email: user.email, password: 'secret1', rememberMe: true });
    await store.updateProfile({ name: 'Ada King' });

    expect((kept.keep as jest.Mock).mock.calls.map(([keptUser]) => keptUser)).toEqual([
      user,
      user,
      { ...user, name: 'Ada King' },
    ]);
    for (const [keptUser] of (kept.keep as jest.Mock).mock.calls)
      expect(JSON.stringify(keptUser)).not.toContain('.sig');
  });

  it('is told whether the sign-in is remembered ("remember me"), through the two-factor step too; a refresh does not say', async () => {
    const { kept } = keptProfileHolding(null);
    const challenge = { twoFactorRequired: true as const, challengeToken: 'c', expiresAt: '2030-01-01T00:00:00.000Z' };
    const store = createSessionStore({
      auth: fakeAuth({ login: jest.fn(async () => challenge) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });

    await store.initialize();
    await store.login({ email: user.email, password: 'secret1', rememberMe: false });
    await store.completeTwoFactorLogin({ challengeToken: 'c', code: '123456' });
    await store.loginWithPasskey({ challengeId: 'p', response: {}, rememberMe: true });

    expect((kept.keep as jest.Mock).mock.calls.map(([, remembered]) => remembered)).toEqual([undefined, false, true]);
  });

  it('sign-out forgets the user even when the server call fails, and it is done when logout resolves', async () => {
    const { device, kept } = keptProfileHolding(null);
    const auth = fakeAuth({
      refresh: jest.fn(async () => sessionFor(jwtExpiringIn(15 * 60_000))),
      logout: jest.fn(async () => Promise.reject(networkError())),
    });
    const store = createSessionStore({ auth, keptProfile: kept, onOnline: connectivity().onOnline });
    await store.initialize();

    await store.logout();

    expect(device).toEqual({ user: null, forgotten: ['u1'] });
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
  });

  it('an offline session signs out too (the server forgets the cookie when it can be reached)', async () => {
    const { device, kept } = keptProfileHolding(user);
    const store = createSessionStore({
      auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(networkError())) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });
    await store.initialize();

    await store.logout();

    expect(store.getState()).toMatchObject({ isOffline: false, isAuthenticated: false, user: null });
    expect(device.forgotten).toEqual(['u1']);
  });

  it('a device that cannot keep the profile still signs in', async () => {
    const kept: KeptProfile = {
      keep: jest.fn(async () => Promise.reject(new Error('QuotaExceededError'))),
      lastSignedIn: jest.fn(async () => Promise.reject(new Error('blocked'))),
      forget: jest.fn(async () => Promise.reject(new Error('blocked'))),
    };
    const store = createSessionStore({
      auth: fakeAuth({ refresh: jest.fn(async () => Promise.reject(networkError())) }),
      keptProfile: kept,
      onOnline: connectivity().onOnline,
    });

    await store.initialize();
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    await expect(store.login({ email: user.email, password: 'secret1', rememberMe: true })).resolves.toEqual({
      status: 'signed-in',
      user: user,
    });
    await expect(store.logout()).resolves.toBeUndefined();
  });
});
