import {
  isTwoFactorChallenge,
  type AuthUser,
  type LoginAnswer,
  type LoginPayload,
  type PasskeyLoginPayload,
  type ProfileUpdatePayload,
  type TwoFactorChallenge,
  type TwoFactorLoginPayload,
} from '@memories/contracts';
import { ApiError, type ApiClient, type AuthApi } from '@memories/web-api-client';
import { isAccessTokenExpired } from './access-token';
import { initialSessionState, type SessionState } from './session-state';

/** No second refresh within this time of the last attempt (spec sections 4 and 9). */
export const REFRESH_BLOCK_MS = 30_000;
/** A caller that finds a refresh in progress checks every 100 ms, at most 50 times (about 5 s). */
export const REFRESH_POLL_INTERVAL_MS = 100;
export const REFRESH_POLL_LIMIT = 50;

/** A password login signs in, or (two-factor sign-in on) asks for a code in a second step. */
export type LoginResult = { status: 'signed-in'; user: AuthUser } | { status: 'two-factor-required'; challenge: TwoFactorChallenge };

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Runs once per page load (spec section 4); later calls return the first run. */
  initialize(): Promise<void>;
  /**
   * Signs in: success stores the token and user, failure clears the session and rejects with the screen's message.
   * An account with two-factor sign-in answers a challenge instead: the session stays signed out until the second step.
   */
  login(payload: LoginPayload): Promise<LoginResult>;
  /** The login's second step, with the challenge of the first; the same rules as `login`. */
  completeTwoFactorLogin(payload: TwoFactorLoginPayload): Promise<LoginResult>;
  /** Signs in with a passkey's answer to the server's options; the same rules as `login`. */
  loginWithPasskey(payload: PasskeyLoginPayload): Promise<LoginResult>;
  /** Ends the session on the server and always clears it locally, even when the server call fails. */
  logout(): Promise<void>;
  /**
   * A new access token from the refresh cookie. Serialised: while one runs, callers wait for it. Resolves whether
   * the session holds a token afterwards; never rejects. A 401 or 403 answer clears the session.
   */
  refresh(): Promise<boolean>;
  /** PUT /auth/profile; the answer replaces the user. */
  updateProfile(payload: ProfileUpdatePayload): Promise<AuthUser>;
  /** The shell's router takes over sending the browser to /login after a 401 (default: a full page load). */
  setLoginNavigation(goToLogin: () => void): void;
}

export interface SessionStoreOptions {
  auth: Pick<AuthApi, 'login' | 'loginWithTwoFactor' | 'loginWithPasskey' | 'logout' | 'refresh' | 'getProfile' | 'updateProfile'>;
  /** The client whose calls carry this session's token and report its 401s. */
  client?: Pick<ApiClient, 'connectSession'>;
  now?: () => number;
}

const isRejectedSession = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

const defaultLoginNavigation = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** The session as a small external store (read with useSyncExternalStore), implementing spec section 4. */
export function createSessionStore({ auth, client, now = () => Date.now() }: SessionStoreOptions): SessionStore {
  let state = initialSessionState;
  const listeners = new Set<() => void>();
  let initializing: Promise<void> | null = null;
  let goToLogin = defaultLoginNavigation;

  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const signedOut: Partial<SessionState> = { accessToken: null, user: null, isAuthenticated: false, isLoading: false, isInitialized: true };
  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function waitForRefresh(): Promise<void> {
    for (let poll = 0; poll < REFRESH_POLL_LIMIT && state.isRefreshing; poll += 1) await delay(REFRESH_POLL_INTERVAL_MS);
  }

  async function refresh(): Promise<boolean> {
    if (state.isRefreshing) {
      await waitForRefresh();
      return !state.isRefreshing && state.accessToken !== null;
    }
    if (state.lastRefreshAttemptAt !== null && now() - state.lastRefreshAttemptAt < REFRESH_BLOCK_MS) return false;
    setState({ isRefreshing: true, lastRefreshAttemptAt: now() });
    try {
      const { accessToken, user } = await auth.refresh();
      setState({ accessToken, user, isAuthenticated: true, isRefreshing: false, lastRefreshAt: now() });
      return true;
    } catch (error) {
      setState(isRejectedSession(error) ? { ...signedOut, isRefreshing: false } : { isRefreshing: false });
      return false;
    }
  }

  /** Spec section 4, "On app start": true when the session is usable afterwards. */
  async function restore(): Promise<boolean> {
    const token = state.accessToken;
    if (token === null || isAccessTokenExpired(token, now())) return refresh();
    try {
      // A rejected profile is answered by a refresh below, not by the api client's sign-out.
      const user = await auth.getProfile({ ignoreUnauthorized: true });
      setState({ user, isAuthenticated: true });
      return true;
    } catch {
      return refresh();
    }
  }

  async function start(): Promise<void> {
    setState({ isLoading: true });
    const restored = await restore().catch(() => false);
    setState(restored ? { isLoading: false, isInitialized: true } : signedOut);
  }

  async function beforeRequest(): Promise<void> {
    if (state.isRefreshing) await waitForRefresh();
    else if (state.accessToken !== null && isAccessTokenExpired(state.accessToken, now())) await refresh();
  }

  /** Stores the session a sign-in granted; a failed sign-in, or one waiting for its second step, leaves it cleared. */
  async function signIn(answer: Promise<LoginAnswer>): Promise<LoginResult> {
    try {
      const granted = await answer;
      if (isTwoFactorChallenge(granted)) {
        setState(signedOut);
        return { status: 'two-factor-required', challenge: granted };
      }
      setState({ accessToken: granted.accessToken, user: granted.user, isAuthenticated: true, isLoading: false, isInitialized: true });
      return { status: 'signed-in', user: granted.user };
    } catch (error) {
      setState(signedOut);
      throw error;
    }
  }

  function onUnauthorized(): void {
    setState(signedOut);
    goToLogin();
  }

  client?.connectSession({ accessToken: () => state.accessToken, beforeRequest, onUnauthorized });

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      initializing ??= start();
      return initializing;
    },
    login: (payload) => signIn(auth.login(payload)),
    completeTwoFactorLogin: (payload) => signIn(auth.loginWithTwoFactor(payload)),
    loginWithPasskey: (payload) => signIn(auth.loginWithPasskey(payload)),
    async logout() {
      try {
        await auth.logout();
      } catch {
        // The spec clears local state even when the server call fails.
      } finally {
        setState(signedOut);
      }
    },
    refresh,
    async updateProfile(payload) {
      const user = await auth.updateProfile(payload);
      setState({ user });
      return user;
    },
    setLoginNavigation(navigate) {
      goToLogin = navigate;
    },
  };
}
