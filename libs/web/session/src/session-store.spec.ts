import { ApiError, type ApiClient } from '@memories/web-api-client';
import { createSessionStore } from './session-store';
import { sessionStatus } from './session-state';

type FakeApi = Pick<ApiClient, 'post' | 'setAccessTokenProvider'> & { post: jest.Mock; token: () => string | null };

function fakeApi(post: (path: string) => Promise<unknown>): FakeApi {
  const api = {
    token: () => null as string | null,
    post: jest.fn(post),
    setAccessTokenProvider: (provider: () => string | null) => {
      api.token = provider;
    },
  };
  return api as unknown as FakeApi;
}

const notFound = () => Promise.reject(new ApiError({ kind: 'http', status: 404, message: 'Cannot POST /api/auth/refresh' }));

describe('session store', () => {
  it('starts in the initializing state', () => {
    const store = createSessionStore({ api: fakeApi(notFound) });

    expect(sessionStatus(store.getState())).toBe('initializing');
  });

  it('is signed out when the refresh on start fails', async () => {
    const api = fakeApi(notFound);
    const store = createSessionStore({ api, now: () => 1_000 });

    await store.initialize();

    expect(api.post).toHaveBeenCalledWith('/auth/refresh', undefined, { fallbackMessage: 'Token refresh failed' });
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(store.getState()).toMatchObject({ accessToken: null, user: null, isInitialized: true, isRefreshing: false, lastRefreshAttemptAt: 1_000 });
  });

  it('is signed in with the token and user of a successful refresh, and lends the token to the api client', async () => {
    const user = { email: 'ada@example.com', name: 'Ada Lovelace' };
    const api = fakeApi(async () => ({ success: true, data: { accessToken: 'jwt-1', user } }));
    const store = createSessionStore({ api, now: () => 2_000 });

    await store.initialize();

    expect(sessionStatus(store.getState())).toBe('authenticated');
    expect(store.getState()).toMatchObject({ user, accessToken: 'jwt-1', lastRefreshAt: 2_000 });
    expect(api.token()).toBe('jwt-1');
  });

  it('initialises only once however often it is asked', async () => {
    const api = fakeApi(notFound);
    const store = createSessionStore({ api });

    await Promise.all([store.initialize(), store.initialize()]);
    await store.initialize();

    expect(api.post).toHaveBeenCalledTimes(1);
  });

  it('notifies subscribers of every change', async () => {
    const store = createSessionStore({ api: fakeApi(notFound) });
    const listener = jest.fn();
    store.subscribe(listener);

    await store.initialize();

    expect(listener).toHaveBeenCalled();
  });

  it('clears the session on logout even when the server call fails', async () => {
    const api = fakeApi(async (path) => {
      if (path === '/auth/refresh') return { success: true, data: { accessToken: 'jwt-1', user: { email: 'a@b.c' } } };
      throw new ApiError({ kind: 'network', status: 0, message: 'Network error. Please check your connection.' });
    });
    const store = createSessionStore({ api });
    await store.initialize();

    await store.logout();

    expect(api.post).toHaveBeenLastCalledWith('/auth/logout', undefined, { fallbackMessage: 'Logout failed' });
    expect(sessionStatus(store.getState())).toBe('unauthenticated');
    expect(api.token()).toBeNull();
  });
});
