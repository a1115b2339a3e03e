import type { ApiClient } from '@memories/web-api-client';
import { initialSessionState, type SessionGrant, type SessionState } from './session-state';

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Runs once per page load: tries a refresh with the server-set cookie; failure means signed out. */
  initialize(): Promise<void>;
  /** Ends the session on the server and always clears it locally, even when the server call fails. */
  logout(): Promise<void>;
}

export interface SessionStoreOptions {
  api: Pick<ApiClient, 'post' | 'setAccessTokenProvider'>;
  now?: () => number;
}

/**
 * The session as a small external store (read with useSyncExternalStore). The auth issue adds login, expiry-driven
 * and serialised refreshes on top of this shape.
 */
export function createSessionStore({ api, now = Date.now }: SessionStoreOptions): SessionStore {
  let state = initialSessionState;
  const listeners = new Set<() => void>();
  let initializing: Promise<void> | null = null;

  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const cleared = (): Partial<SessionState> => ({ accessToken: null, user: null, isAuthenticated: false, isLoading: false, isInitialized: true });

  api.setAccessTokenProvider(() => state.accessToken);

  async function refresh(): Promise<void> {
    setState({ isRefreshing: true, lastRefreshAttemptAt: now() });
    try {
      const { data } = await api.post<SessionGrant>('/auth/refresh', undefined, { fallbackMessage: 'Token refresh failed' });
      setState({ accessToken: data.accessToken, user: data.user, isAuthenticated: true, isLoading: false, isInitialized: true, lastRefreshAt: now() });
    } catch {
      setState(cleared());
    } finally {
      setState({ isRefreshing: false });
    }
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      initializing ??= refresh();
      return initializing;
    },
    async logout() {
      try {
        await api.post('/auth/logout', undefined, { fallbackMessage: 'Logout failed' });
      } catch {
        // The spec clears local state even when the server call fails.
      } finally {
        setState(cleared());
      }
    },
  };
}
