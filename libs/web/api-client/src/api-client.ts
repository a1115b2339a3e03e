import { CLIENT_HEADER, type ApiSuccess } from '@memories/contracts';
import { ApiError } from './api-error';
import { extractServerMessage } from './extract-server-message';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Headers of this call only (e.g. an idempotency key); the client's own headers win. */
  headers?: Record<string, string>;
  /** Shown when the server gives no message of its own (the spec's per-call defaults, section 8). */
  fallbackMessage?: string;
  /**
   * Send the request without first making sure the access token is fresh. For the calls that obtain or end a
   * session (login, register, refresh, logout): refreshing before them is pointless or would wait on itself.
   */
  skipTokenRefresh?: boolean;
  /**
   * A 401 answer is the caller's to handle instead of signing the user out (spec section 4: login and register leave
   * it to the screen; the refresh call has its own rule).
   */
  ignoreUnauthorized?: boolean;
}

/**
 * Retries as the spec configures them (section 7: 3 attempts, 1 s apart). The spec shows no call retrying, so none
 * does.
 */
export interface RetrySettings {
  attempts: number;
  delayMs: number;
}

export interface ApiClientOptions {
  /** Base path of the gateway; the spec's calls are relative to it. */
  basePath?: string;
  timeoutMs?: number;
  retry?: RetrySettings;
  fetch?: typeof fetch;
}

/**
 * What the session lends the client. The client cannot import the session (the session calls the API through it),
 * so the session connects itself: the token to send, a check before every request, and the reaction to a 401.
 */
export interface SessionConnection {
  accessToken(): string | null;
  /** Resolves once the token is fresh: waits for a refresh in progress, or refreshes an expiring token first. */
  beforeRequest(): Promise<void>;
  /** The server rejected the session on a call that needs one. */
  onUnauthorized(): void;
}

export interface ApiClient {
  readonly settings: Readonly<Required<Omit<ApiClientOptions, 'fetch'>>>;
  request<T>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<ApiSuccess<T>>;
  get<T>(path: string, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  put<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  delete<T>(path: string, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  /** The session registers itself once; every call then carries its token and follows its rules. */
  connectSession(session: SessionConnection): void;
  /**
   * The headers an authenticated call carries (a fresh token, the client header), for requests this client cannot
   * make itself: uploads that report progress, downloads read as files.
   */
  sessionHeaders(): Promise<Record<string, string>>;
  /** The server refused the session on such a request: the session's own reaction to a 401. */
  reportUnauthorized(): void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_RETRY: RetrySettings = { attempts: 3, delayMs: 1_000 };
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TIMEOUT_ERROR_MESSAGE = 'The server did not answer in time. Please try again.';
export const INVALID_RESPONSE_MESSAGE = 'The server sent an answer the app does not understand.';

const noSession: SessionConnection = {
  accessToken: () => null,
  beforeRequest: async () => undefined,
  onUnauthorized: () => undefined,
};

function buildUrl(basePath: string, path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const search = params.toString();
  return `${basePath}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

/** JSON, or a plain-text message; anything else (e.g. an HTML error page from a proxy) carries no usable message. */
async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return response.headers.get('content-type')?.startsWith('text/plain') ? raw : undefined;
  }
}

const envelopeFlag = (body: unknown): unknown =>
  typeof body === 'object' && body !== null ? (body as { success?: unknown }).success : undefined;

function failureFrom(body: unknown): { code?: string; detail?: unknown } {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return {};
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  return { code: typeof code === 'string' ? code : undefined, detail };
}

/**
 * A fetch wrapper for the gateway: JSON, cookies included, the client header, the bearer token when held (refreshed
 * first when it expires), a timeout, one error type, and the session's reaction to a 401.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const settings = {
    basePath: options.basePath ?? '/api',
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: options.retry ?? DEFAULT_RETRY,
  };
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let session = noSession;

  async function request<T>(method: HttpMethod, path: string, request: ApiRequestOptions = {}): Promise<ApiSuccess<T>> {
    if (!request.skipTokenRefresh) await session.beforeRequest();
    // The caller may have given up while the token was being refreshed.
    request.signal?.throwIfAborted();
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('Request timed out', 'TimeoutError')),
      settings.timeoutMs,
    );
    const abortFromCaller = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', abortFromCaller, { once: true });

    const headers: Record<string, string> = {
      ...request.headers,
      Accept: 'application/json',
      [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = session.accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(buildUrl(settings.basePath, path, request.query), {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'include',
        signal: controller.signal,
      });
      body = await readBody(response);
    } catch (cause) {
      const timedOut =
        controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
      if (!timedOut && request.signal?.aborted) throw cause;
      throw new ApiError(
        timedOut
          ? { kind: 'timeout', status: 0, message: TIMEOUT_ERROR_MESSAGE, cause }
          : { kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE, cause },
      );
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', abortFromCaller);
    }

    const success = envelopeFlag(body);
    if (response.ok && success === true) return body as ApiSuccess<T>;
    if (response.ok && success !== false) {
      const message = request.fallbackMessage ?? INVALID_RESPONSE_MESSAGE;
      throw new ApiError({ kind: 'invalid-response', status: response.status, message });
    }
    const serverMessage = extractServerMessage(body);
    const message = serverMessage ?? request.fallbackMessage ?? `Request failed with status ${response.status}`;
    if (response.status === 401 && !request.ignoreUnauthorized) session.onUnauthorized();
    throw new ApiError({ kind: 'http', status: response.status, message, serverMessage, ...failureFrom(body) });
  }

  return {
    settings,
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    connectSession: (connection) => {
      session = connection;
    },
    sessionHeaders: async () => {
      await session.beforeRequest();
      const token = session.accessToken();
      return { [CLIENT_HEADER.name]: CLIENT_HEADER.value, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
    },
    reportUnauthorized: () => session.onUnauthorized(),
  };
}
