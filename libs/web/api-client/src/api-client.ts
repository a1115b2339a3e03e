import type { ApiSuccess } from '@memories/contracts';
import { ApiError } from './api-error';
import { extractServerMessage } from './extract-server-message';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface ApiRequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Shown when the server gives no message of its own (the spec's per-call defaults, section 8). */
  fallbackMessage?: string;
}

export interface ApiClientOptions {
  /** Base path of the gateway; the spec's calls are relative to it. */
  basePath?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type AccessTokenProvider = () => string | null;

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: ApiRequestOptions): Promise<ApiSuccess<T>>;
  get<T>(path: string, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  post<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  put<T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  delete<T>(path: string, options?: Omit<ApiRequestOptions, 'body'>): Promise<ApiSuccess<T>>;
  /** The session registers where the in-memory access token lives; every call then sends it as a bearer token. */
  setAccessTokenProvider(provider: AccessTokenProvider): void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TIMEOUT_ERROR_MESSAGE = 'The server did not answer in time. Please try again.';
export const INVALID_RESPONSE_MESSAGE = 'The server sent an answer the app does not understand.';

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

/** A fetch wrapper for the gateway: JSON, cookies included, bearer token when held, a timeout, one error type. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const basePath = options.basePath ?? '/api';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let accessToken: AccessTokenProvider = () => null;

  async function request<T>(method: HttpMethod, path: string, request: ApiRequestOptions = {}): Promise<ApiSuccess<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
    const abortFromCaller = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener('abort', abortFromCaller, { once: true });

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
    const token = accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    let body: unknown;
    try {
      response = await fetchImpl(buildUrl(basePath, path, request.query), {
        method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        credentials: 'include',
        signal: controller.signal,
      });
      body = await readBody(response);
    } catch (cause) {
      const timedOut = controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
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
    const message =
      extractServerMessage(body) ?? request.fallbackMessage ?? `Request failed with status ${response.status}`;
    throw new ApiError({ kind: 'http', status: response.status, message, ...failureFrom(body) });
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
    setAccessTokenProvider: (provider) => {
      accessToken = provider;
    },
  };
}
