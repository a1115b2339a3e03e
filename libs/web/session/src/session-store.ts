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
import { ApiError, NETWORK_ERROR_MESSAGE, type ApiClient, type AuthApi } from '@memories/web-api-client';
import { isAccessTokenExpired } from './access-token';
import { initialSessionState, type SessionState } from './session-state';

/** No second refresh within this time of the last attempt (spec sections 4 and 9). */
export const REFRESH_BLOCK_MS = 30_000;
/** A caller that finds a refresh in progress checks every 100 ms, at most 50 times (about 5 s). */
export const REFRESH_POLL_INTERVAL_MS = 100;
export const REFRESH_POLL_LIMIT = 50;

/** A password login signs in, or (two-factor sign-in on) asks for a code in a second step. */
export type LoginResult =
  { status: 'signed-in'; user: AuthUser } | { status: 'two-factor-required'; challenge: TwoFactorChallenge };

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
  /**
   * Ends the session on the server and always clears it locally, even when the server call fails. After a single
   * sign-on with the provider's logout on (OIDC_LOGOUT=true), the browser then goes there to sign out too.
   */
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

/**
 * The signed-in user as this device keeps them, so the app opens offline as them. Only the profile: the access token
 * never leaves memory (spec section 3), and the refresh cookie stays the browser's, HttpOnly.
 */
export interface KeptProfile {
  /**
   * The user this device has signed in now (sign-in, refresh, profile change); `remembered` as the sign-in asked
   * ("remember me"; a refresh or a profile change keeps what it was).
   */
  keep(user: AuthUser, remembered?: boolean): Promise<void>;
  /** The user this device last had signed in, if their session never ended here (nor their browser session). */
  lastSignedIn(): Promise<AuthUser | null>;
  /** Their session ended (sign-out, or the server refused it): everything this device kept of them goes. */
  forget(userId: string): Promise<void>;
}

/** When the browser says the network is back (the window's `online` event). */
export type OnlineListener = (listener: () => void) => () => void;

export interface SessionStoreOptions {
  auth: Pick<
    AuthApi,
    'login' | 'loginWithTwoFactor' | 'loginWithPasskey' | 'logout' | 'refresh' | 'getProfile' | 'updateProfile'
  >;
  /** The client whose calls carry this session's token and report its 401s. */
  client?: Pick<ApiClient, 'connectSession'>;
  /** Without it, a session that cannot reach the server at start is signed out, as before offline reading. */
  keptProfile?: KeptProfile;
  onOnline?: OnlineListener;
  now?: () => number;
  /** Sends the browser to another site (the provider's logout); default: a full page load. */
  leaveFor?: (url: string) => void;
}

const isRejectedSession = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);
const isUnreachable = (error: unknown) => error instanceof ApiError && error.isUnreachable;

const windowOnline: OnlineListener = (listener) => {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', listener);
  return () => window.removeEventListener('online', listener);
};

const windowLeaveFor = (url: string) => window.location.assign(url);

const defaultLoginNavigation = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** The session as a small external store (read with useSyncExternalStore), implementing spec section 4. */
export function createSessionStore({
  auth,
  client,
  keptProfile,
  onOnline = windowOnline,
  now = () => Date.now(),
  leaveFor = windowLeaveFor,
}: SessionStoreOptions): SessionStore {
  let state = initialSessionState;
  const listeners = new Set<() => void>();
  let initializing: Promise<void> | null = null;
  let goToLogin = defaultLoginNavigation;
  /** Why the last refresh failed: only an unreachable server lets the session open offline. */
  let lastRefreshUnreachable = false;

  const setState = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  };
  const signedOut: Partial<SessionState> = {
    accessToken: null,
    user: null,
    isAuthenticated: false,
    isLoading: false,
    isInitialized: true,
    isOffline: false,
  };
  const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function waitForRefresh(): Promise<void> {
    for (let poll = 0; poll < REFRESH_POLL_LIMIT && state.isRefreshing; poll += 1)
      await delay(REFRESH_POLL_INTERVAL_MS);
  }

  // The device's copy of the profile is a convenience: a sign-in never waits for it, nor fails with it. (Writes to
  // the device run in the order they start, so a memory kept right after sign-in still finds its user there.)
  const keep = (user: AuthUser, remembered?: boolean) =>
    void keptProfile?.keep(user, remembered).catch(() => undefined);
  /** "Remember me" of a password sign-in waiting for its second step. */
  let rememberPending = false;
  const lastSignedIn = async () => (keptProfile ? keptProfile.lastSignedIn().catch(() => null) : null);

  /**
   * The session ended for good: the signed-out state first (nothing reads on as them, and the login page need not
   * wait for the device), then what the device kept of them.
   */
  async function end(
    userId: string | undefined | (() => Promise<string | undefined>),
    patch: Partial<SessionState> = {},
  ): Promise<void> {
    setState({ ...signedOut, ...patch });
    const id = typeof userId === 'function' ? await userId() : userId;
    if (id !== undefined) await keptProfile?.forget(id).catch(() => undefined);
  }

  async function refresh(): Promise<boolean> {
    if (state.isRefreshing) {
      await waitForRefresh();
      return !state.isRefreshing && state.accessToken !== null;
    }
    // Offline, every try is only a failed request: the block (against refresh loops on a server that answers)
    // would hold the session offline for 30 s after the connection returned.
    if (
      !state.isOffline &&
      state.lastRefreshAttemptAt !== null &&
      now() - state.lastRefreshAttemptAt < REFRESH_BLOCK_MS
    )
      return false;
    setState({ isRefreshing: true, lastRefreshAttemptAt: now() });
    try {
      const { accessToken, user } = await auth.refresh();
      keep(user);
      lastRefreshUnreachable = false;
      setState({
        accessToken,
        user,
        isAuthenticated: true,
        isRefreshing: false,
        isOffline: false,
        lastRefreshAt: now(),
      });
      return true;
    } catch (error) {
      lastRefreshUnreachable = isUnreachable(error);
      if (!isRejectedSession(error)) {
        setState({ isRefreshing: false });
        return false;
      }
      // Refused by the server: whoever this device kept as signed in (at start, the state has no user yet) is out.
      const userId = state.user?.id;
      await end(userId ?? (async () => (await lastSignedIn())?.id), { isRefreshing: false });
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
    if (restored) return setState({ isLoading: false, isInitialized: true });
    const offlineUser = lastRefreshUnreachable ? await lastSignedIn() : null;
    if (!offlineUser) return setState(signedOut);
    setState({ user: offlineUser, isAuthenticated: true, isOffline: true, isLoading: false, isInitialized: true });
  }

  async function beforeRequest(): Promise<void> {
    if (state.isRefreshing) await waitForRefresh();
    // An offline session has no token: each call tries to get one first, so the first call after the connection
    // returns carries one (instead of a 401 that would sign the user out).
    else if (state.isOffline) await refresh();
    else if (state.accessToken !== null && isAccessTokenExpired(state.accessToken, now())) await refresh();
    // Still offline after that try, or after the wait for another (the `online` event's refresh, slower than the
    // wait), the call fails as unreachable rather than going out without a token: a connection back by then would
    // answer it 401 and sign the person out. The outbox's drain tries again on its timer.
    if (state.isOffline) throw new ApiError({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE });
  }

  /** Stores the session a sign-in granted; a failed sign-in, or one waiting for its second step, leaves it cleared. */
  async function signIn(answer: Promise<LoginAnswer>, rememberMe: boolean): Promise<LoginResult> {
    try {
      const granted = await answer;
      if (isTwoFactorChallenge(granted)) {
        setState(signedOut);
        rememberPending = rememberMe;
        return { status: 'two-factor-required', challenge: granted };
      }
      keep(granted.user, rememberMe);
      setState({
        accessToken: granted.accessToken,
        user: granted.user,
        isAuthenticated: true,
        isLoading: false,
        isInitialized: true,
        isOffline: false,
      });
      return { status: 'signed-in', user: granted.user };
    } catch (error) {
      setState(signedOut);
      throw error;
    }
  }

  function onUnauthorized(): void {
    void end(state.user?.id);
    goToLogin();
  }

  client?.connectSession({ accessToken: () => state.accessToken, beforeRequest, onUnauthorized });
  // The connection is back: an offline session becomes a real one, or ends if the server refuses it.
  onOnline(() => {
    if (state.isOffline) void refresh();
  });

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
    login: (payload) => signIn(auth.login(payload), payload.rememberMe),
    completeTwoFactorLogin: (payload) => signIn(auth.loginWithTwoFactor(payload), rememberPending),
    loginWithPasskey: (payload) => signIn(auth.loginWithPasskey(payload), payload.rememberMe),
    async logout() {
      const userId = state.user?.id;
      let endSessionUrl: string | undefined;
      try {
        endSessionUrl = (await auth.logout())?.endSessionUrl;
      } catch {
        // The spec clears local state even when the server call fails.
      } finally {
        await end(userId);
      }
      if (endSessionUrl) leaveFor(endSessionUrl);
    },
    refresh,
    async updateProfile(payload) {
      const user = await auth.updateProfile(payload);
      keep(user);
      setState({ user });
      return user;
    },
    setLoginNavigation(navigate) {
      goToLogin = navigate;
    },
  };
}
