import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { createMemoriesApi, type MemoriesApi } from './memories-api';
import { MEMORY_FALLBACK_MESSAGES } from './memory-fallback-messages';
import { versionConflictOf } from './version-conflict';

interface Seen {
  method?: string;
  url?: string;
  body?: unknown;
  idempotencyKey?: string;
}

// A real HTTP server on 127.0.0.1 plays the gateway; each test says how it answers.
let server: Server;
let origin: string;
let reply: { status: number; body?: unknown };
let seen: Seen;

beforeAll(async () => {
  server = createServer((request, response: ServerResponse) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      seen = { method: request.method, url: request.url, body: raw ? JSON.parse(raw) : undefined };
      const idempotencyKey = request.headers['idempotency-key'];
      if (typeof idempotencyKey === 'string') seen.idempotencyKey = idempotencyKey;
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

let api: MemoriesApi;
beforeEach(() => {
  api = createMemoriesApi(createApiClient({ basePath: `${origin}/api` }));
});

const input = { title: 'Trip', date: '2026-05-01', contentJson: '{}', tags: ['sea'], isDraft: false };
const pagination = { currentPage: 1, pageSize: 12, totalPages: 3, totalElements: 30, hasPrevious: true, hasNext: true };

describe('memories api: one function per call of spec section 7', () => {
  it.each<[string, (api: MemoriesApi) => Promise<unknown>, Seen]>([
    ['create', (a) => a.create(input), { method: 'POST', url: '/api/memories/memory', body: input }],
    ['update', (a) => a.update('m1', input), { method: 'PUT', url: '/api/memories/memory/m1', body: input }],
    [
      'listMine',
      (a) =>
        a.listMine({
          page: 1,
          size: 12,
          tags: ['a', 'b'],
          dateFrom: '2026-01-01',
          isDraft: true,
          sortBy: 'title',
          sortDirection: 'asc',
        }),
      {
        method: 'GET',
        url: '/api/memories/my?page=1&size=12&tags=a&tags=b&dateFrom=2026-01-01&isDraft=true&sortBy=title&sortDirection=asc',
        body: undefined,
      },
    ],
    [
      'listShared',
      (a) => a.listShared({ page: 0, size: 100 }),
      { method: 'GET', url: '/api/memories/shared?page=0&size=100', body: undefined },
    ],
    ['get', (a) => a.get('m1'), { method: 'GET', url: '/api/memories/memory/m1', body: undefined }],
    ['remove', (a) => a.remove('m1'), { method: 'DELETE', url: '/api/memories/memory/m1', body: undefined }],
    ['publish', (a) => a.publish('m1'), { method: 'POST', url: '/api/memories/memory/m1/publish', body: undefined }],
    [
      'search',
      (a) => a.search({ q: 'sea', page: 0 }),
      { method: 'GET', url: '/api/memories/search?q=sea&page=0', body: undefined },
    ],
    ['tags', (a) => a.tags(), { method: 'GET', url: '/api/memories/tags', body: undefined }],
    [
      'share',
      (a) => a.share('m1', ['u2']),
      { method: 'POST', url: '/api/memories/memory/m1/share', body: { userIds: ['u2'] } },
    ],
    [
      'cleanupImages',
      (a) => a.cleanupImages(['/api/files/users/u1/a.png']),
      { method: 'POST', url: '/api/memories/cleanup-images', body: { imageUrls: ['/api/files/users/u1/a.png'] } },
    ],
  ])('%s sends its method, path and body', async (_name, call, expected) => {
    reply = { status: 200, body: { success: true, data: [], pagination } };

    await call(api);

    expect(seen).toEqual(expected);
  });

  it('sends the idempotency key of a create as its header, so a repeated create answers the same memory', async () => {
    reply = { status: 201, body: { success: true, data: { id: 'm1' }, message: 'Memory created successfully' } };

    await api.create(input, { idempotencyKey: 'draft-7f3c' });

    expect(seen).toEqual({ method: 'POST', url: '/api/memories/memory', body: input, idempotencyKey: 'draft-7f3c' });
  });

  it('answers a list with its pagination and a deletion with the server message', async () => {
    reply = { status: 200, body: { success: true, data: [], pagination } };
    await expect(api.listMine({})).resolves.toEqual({ memories: [], pagination });

    reply = { status: 200, body: { success: true, data: null, message: 'Memory deleted successfully' } };
    await expect(api.remove('m1')).resolves.toBe('Memory deleted successfully');
  });

  it.each<[string, (api: MemoriesApi) => Promise<unknown>, string]>([
    ['listMine', (a) => a.listMine({}), MEMORY_FALLBACK_MESSAGES.listMine],
    ['listShared', (a) => a.listShared({}), MEMORY_FALLBACK_MESSAGES.listShared],
    ['remove', (a) => a.remove('m1'), MEMORY_FALLBACK_MESSAGES.delete],
    ['tags', (a) => a.tags(), MEMORY_FALLBACK_MESSAGES.tags],
  ])('%s rejects with the spec fallback when the server gives no message', async (_name, call, message) => {
    reply = { status: 500, body: { success: false, error: { code: 'INTERNAL' } } };

    const error = await call(api).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
  });

  it('answers a search with its hits, the suggestion and whether matches were left out', async () => {
    const hit = { id: 'm1', highlight: 'a <mark>sea</mark>' };
    reply = { status: 200, body: { success: true, data: [hit], pagination, limited: true, suggestion: 'sea' } };

    await expect(api.search({ q: 'sae', sortBy: 'relevance', isDraft: false })).resolves.toEqual({
      memories: [hit],
      pagination,
      limited: true,
      suggestion: 'sea',
    });
    expect(seen.url).toBe('/api/memories/search?q=sae&sortBy=relevance&isDraft=false');
  });

  it("prefers the server's message to the fallback", async () => {
    reply = { status: 404, body: { success: false, message: 'Memory not found', error: { code: 'MEMORY_NOT_FOUND' } } };

    await expect(api.remove('m1')).rejects.toMatchObject({
      message: 'Memory not found',
      status: 404,
      code: 'MEMORY_NOT_FOUND',
    });
  });

  it('sends the version a save is based on, and gives the newer memory of a 409 conflict', async () => {
    const newer = { id: 'm1', title: 'Theirs', version: 3 };
    reply = {
      status: 409,
      body: {
        success: false,
        message: 'This memory was changed elsewhere since this version was loaded',
        error: { code: 'MEMORY_VERSION_CONFLICT', detail: { current: newer } },
      },
    };

    const failure = await api.update('m1', { ...input, version: 2 }).catch((caught: unknown) => caught);

    expect(seen.body).toEqual({ ...input, version: 2 });
    expect(versionConflictOf(failure)).toEqual(newer);
    expect(
      versionConflictOf(
        new ApiError({ kind: 'http', status: 404, message: 'Memory not found', code: 'MEMORY_NOT_FOUND' }),
      ),
    ).toBeNull();
  });
});
