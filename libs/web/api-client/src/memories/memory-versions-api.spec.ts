import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../api-client';
import {
  createMemoryVersionsApi,
  MEMORY_VERSION_FALLBACK_MESSAGES,
  type MemoryVersionsApi,
} from './memory-versions-api';
import { createMemoriesApi } from './memories-api';

// A real HTTP server on 127.0.0.1 plays the gateway and records what it was asked.
let server: Server;
let origin: string;
let seen: { method?: string; url?: string };
let reply: { status: number; body: unknown };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen = { method: request.method, url: request.url };
    request.resume();
    request.on('end', () => {
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let api: MemoryVersionsApi;
beforeEach(() => {
  api = createMemoryVersionsApi(createApiClient({ basePath: `${origin}/api` }));
});

describe('memory versions api', () => {
  it('lists a page of versions with the pagination', async () => {
    const pagination = {
      currentPage: 1,
      pageSize: 20,
      totalPages: 2,
      totalElements: 25,
      hasPrevious: true,
      hasNext: false,
    };
    reply = { status: 200, body: { success: true, data: [{ id: 'v1' }], pagination } };

    await expect(api.list('m1', { page: 1, size: 20 })).resolves.toEqual({ versions: [{ id: 'v1' }], pagination });
    expect(seen).toEqual({ method: 'GET', url: '/api/memories/memory/m1/versions?page=1&size=20' });
  });

  it('reads one version', async () => {
    reply = { status: 200, body: { success: true, data: { id: 'v1' } } };

    await expect(api.get('m1', 'v1')).resolves.toEqual({ id: 'v1' });
    expect(seen).toEqual({ method: 'GET', url: '/api/memories/memory/m1/versions/v1' });
  });

  it('restores a version and answers the undo with the server message', async () => {
    reply = {
      status: 200,
      body: { success: true, data: { memory: { id: 'm1' }, undoVersionId: 'v9' }, message: 'Version restored' },
    };

    await expect(api.restore('m1', 'v1')).resolves.toEqual({
      memory: { id: 'm1' },
      undoVersionId: 'v9',
      message: 'Version restored',
    });
    expect(seen).toEqual({ method: 'POST', url: '/api/memories/memory/m1/versions/v1/restore' });
  });

  it('rejects with its own fallback when the server gives no message', async () => {
    reply = { status: 500, body: { success: false, error: { code: 'INTERNAL' } } };

    await expect(api.restore('m1', 'v1')).rejects.toMatchObject({ message: MEMORY_VERSION_FALLBACK_MESSAGES.restore });
  });

  it('marks an auto-save of a memory as such', async () => {
    reply = { status: 200, body: { success: true, data: { id: 'm1' } } };
    const memories = createMemoriesApi(createApiClient({ basePath: `${origin}/api` }));

    await memories.update('m1', { title: 'T', date: '2024-05-01', contentJson: '{}' }, { autoSave: true });

    expect(seen).toEqual({ method: 'PUT', url: '/api/memories/memory/m1?autoSave=true' });
  });
});
