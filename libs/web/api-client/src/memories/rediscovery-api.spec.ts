import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient } from '../api-client';
import { createRediscoveryApi, REDISCOVERY_FALLBACK_MESSAGES, type RediscoveryApi } from './rediscovery-api';

// A real HTTP server on 127.0.0.1 plays the gateway; each test says how it answers.
let server: Server;
let origin: string;
let reply: { status: number; body: unknown };
let seenUrl: string | undefined;

beforeAll(async () => {
  server = createServer((request, response) => {
    seenUrl = request.url;
    response.writeHead(reply.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let api: RediscoveryApi;
beforeEach(() => {
  api = createRediscoveryApi(createApiClient({ basePath: `${origin}/api` }));
});

describe('rediscovery api', () => {
  it.each<[string, (api: RediscoveryApi) => Promise<unknown>, string]>([
    ['onThisDay', (a) => a.onThisDay({ date: '2026-05-01' }), '/api/memories/on-this-day?date=2026-05-01'],
    [
      'calendar',
      (a) => a.calendar({ from: '2026-05-01', to: '2026-05-31' }),
      '/api/memories/calendar?from=2026-05-01&to=2026-05-31',
    ],
    ['timeline', (a) => a.timeline({ size: 20, cursor: 'abc' }), '/api/memories/timeline?size=20&cursor=abc'],
    ['years', (a) => a.years(), '/api/memories/years'],
    ['stats', (a) => a.stats({ date: '2026-05-01' }), '/api/memories/stats?date=2026-05-01'],
    ['random', (a) => a.random(), '/api/memories/random'],
  ])('%s asks its path and answers the data', async (_name, call, url) => {
    reply = { status: 200, body: { success: true, data: ['the data'] } };

    await expect(call(api)).resolves.toEqual(['the data']);
    expect(seenUrl).toBe(url);
  });

  it('rejects with its own fallback when the server gives no message', async () => {
    reply = { status: 500, body: { success: false, error: { code: 'INTERNAL' } } };

    await expect(api.stats({ date: '2026-05-01' })).rejects.toMatchObject({
      message: REDISCOVERY_FALLBACK_MESSAGES.stats,
    });
  });
});
