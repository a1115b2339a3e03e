import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createApiClient,
  INVALID_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  type SessionConnection,
} from './api-client';
import { ApiError } from './api-error';
import { MEMORY_FALLBACK_MESSAGES } from './memories/memory-fallback-messages';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

// A real HTTP server on 127.0.0.1 stands in for the gateway, so the client's fetch, cookies and aborts are exercised
// for real.
let server: Server;
let origin: string;
let handler: Handler;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const connection = (overrides: Partial<SessionConnection>): SessionConnection => ({
  accessToken: () => null,
  beforeRequest: async () => undefined,
  onUnauthorized: () => undefined,
  ...overrides,
});

const client = (timeoutMs = 2_000) => createApiClient({ basePath: `${origin}/api`, timeoutMs });

const failure = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(ApiError);
      return error as ApiError;
    },
  );

describe('api client', () => {
  it('sends JSON under the /api base path with query parameters and returns the success envelope', async () => {
    let seen: { method?: string; url?: string; contentType?: string; body?: string } = {};
    handler = (request, body, response) => {
      seen = { method: request.method, url: request.url, contentType: request.headers['content-type'], body };
      json(response, 200, { success: true, data: { id: '7' }, message: 'Memory created successfully' });
    };

    const answer = await client().post<{ id: string }>(
      '/memories/memory',
      { title: 'Sea' },
      { query: { tags: ['a', 'b'], page: 0, skip: undefined } },
    );

    expect(answer).toEqual({ success: true, data: { id: '7' }, message: 'Memory created successfully' });
    expect(seen).toEqual({
      method: 'POST',
      url: '/api/memories/memory?tags=a&tags=b&page=0',
      contentType: 'application/json',
      body: '{"title":"Sea"}',
    });
  });

  it('sends the access token the session provides as a bearer token, and the client header', async () => {
    let headers: IncomingMessage['headers'] = {};
    handler = (request, _body, response) => {
      headers = request.headers;
      json(response, 200, { success: true, data: null });
    };
    const api = client();
    api.connectSession(connection({ accessToken: () => 'token-1' }));

    await api.get('/auth/profile');

    expect(headers.authorization).toBe('Bearer token-1');
    expect(headers['x-requested-with']).toBe('memories-web');
  });

  it('sends no authorization header while no token is held', async () => {
    let headers: IncomingMessage['headers'] = {};
    handler = (request, _body, response) => {
      headers = request.headers;
      json(response, 200, { success: true, data: null });
    };

    await client().get('/health');

    expect(headers.authorization).toBeUndefined();
    expect(headers['x-requested-with']).toBe('memories-web');
  });

  it('includes cookies with every call', async () => {
    const fetchSpy = jest.fn(async () => new Response(JSON.stringify({ success: true, data: 1 }), { status: 200 }));
    const api = createApiClient({ fetch: fetchSpy });

    await api.get('/health');

    expect(fetchSpy).toHaveBeenCalledWith('/api/health', expect.objectContaining({ credentials: 'include' }));
  });

  it('lets the session freshen the token before the call and sends the token it holds afterwards', async () => {
    let authorization: string | undefined;
    handler = (request, _body, response) => {
      authorization = request.headers.authorization;
      json(response, 200, { success: true, data: null });
    };
    let token = 'expired';
    const api = client();
    const beforeRequest = jest.fn(async () => {
      token = 'fresh';
    });
    api.connectSession(connection({ accessToken: () => token, beforeRequest }));

    await api.get('/memories/my');

    expect(beforeRequest).toHaveBeenCalledTimes(1);
    expect(authorization).toBe('Bearer fresh');
  });

  it('skips the token check for calls that obtain or end a session', async () => {
    handler = (_request, _body, response) => json(response, 200, { success: true, data: null });
    const api = client();
    const beforeRequest = jest.fn(async () => undefined);
    api.connectSession(connection({ beforeRequest }));

    await api.post('/auth/refresh', undefined, { skipTokenRefresh: true });

    expect(beforeRequest).not.toHaveBeenCalled();
  });

  it('tells the session about a 401 and still rejects the call', async () => {
    handler = (_request, _body, response) =>
      json(response, 401, { success: false, message: 'Unauthorized', error: { code: 'UNAUTHORIZED' } });
    const api = client();
    const onUnauthorized = jest.fn();
    api.connectSession(connection({ onUnauthorized }));

    const error = await failure(api.get('/memories/my'));

    expect(error).toMatchObject({ status: 401, message: 'Unauthorized', serverMessage: 'Unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves a 401 to the caller that asks for it, and reports other statuses as plain failures', async () => {
    let status = 401;
    handler = (_request, _body, response) =>
      json(response, status, { success: false, message: 'No', error: { code: 'X' } });
    const api = client();
    const onUnauthorized = jest.fn();
    api.connectSession(connection({ onUnauthorized }));

    await failure(api.post('/auth/login', {}, { ignoreUnauthorized: true }));
    status = 403;
    await failure(api.get('/memories/my'));

    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is configured with the spec constants: 10 s timeout, 3 retries 1 s apart (which no call uses)', () => {
    expect(createApiClient().settings).toEqual({
      basePath: '/api',
      timeoutMs: 10_000,
      retry: { attempts: 3, delayMs: 1_000 },
    });
  });

  it('rejects a failure envelope with its status, code, detail and the server message', async () => {
    handler = (_request, _body, response) =>
      json(response, 404, { success: false, message: 'Memory not found', error: { code: 'MEMORY_NOT_FOUND' } });

    const error = await failure(client().get('/memories/memory/1'));

    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'MEMORY_NOT_FOUND', message: 'Memory not found' });
  });

  it('uses the caller fallback message when the server sends none', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(500);
      response.end();
    };

    const error = await failure(client().get('/memories/my', { fallbackMessage: MEMORY_FALLBACK_MESSAGES.listMine }));

    expect(error).toMatchObject({ kind: 'http', status: 500, message: MEMORY_FALLBACK_MESSAGES.listMine });
  });

  it('does not show an HTML error page as a message', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Not Found</title>');
    };

    const error = await failure(client().post('/auth/refresh'));

    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'Request failed with status 404' });
  });

  it('rejects a 200 answer that is not the success envelope', async () => {
    handler = (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html>');
    };

    const error = await failure(client().get('/health'));

    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, message: INVALID_RESPONSE_MESSAGE });
  });

  it('gives up after the timeout and says so', async () => {
    handler = () => undefined;

    const error = await failure(client(150).get('/slow'));

    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: TIMEOUT_ERROR_MESSAGE });
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(createApiClient({ basePath: `${deadOrigin}/api` }).get('/health'));

    expect(error).toMatchObject({ kind: 'network', status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('passes a caller abort through instead of calling it a timeout', async () => {
    handler = () => undefined;
    const controller = new AbortController();
    const call = client().get('/slow', { signal: controller.signal });
    controller.abort();

    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
