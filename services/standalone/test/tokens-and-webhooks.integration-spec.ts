import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiContract,
  eventually,
  getFreePort,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@memories/server-testing';
import { launch, type StandaloneProcess } from './support/standalone-process';

// `npm start` with personal access tokens and webhooks: the notify service runs in the one process, a script's token
// works on the gateway's routes and on the export served on the same origin, and a real receiver on 127.0.0.1
// (allowed by WEBHOOK_ALLOWED_HOSTS) hears of a memory created with that token.
describe('access tokens and webhooks in the standalone', () => {
  let root: string;
  let standalone: StandaloneProcess;
  let receiver: WebhookReceiver;
  let contract: ApiContract;
  const app = { url: '' };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-standalone-tokens-'));
    await chmod(root, 0o755);
    receiver = await startWebhookReceiver();
    standalone = launch({
      PATH: process.env.PATH ?? '',
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      PORT: String(await getFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    app.url = await standalone.ready;
    contract = await ApiContract.fetch(`${app.url}/api/docs/json`);
  });

  afterAll(async () => {
    if (standalone && standalone.child.exitCode === null) {
      standalone.child.kill('SIGTERM');
      await standalone.exited;
    }
    await receiver?.close();
    await rm(root, { recursive: true, force: true });
  });

  // Every answer must be what the served document says of it.
  async function call<T>(
    method: string,
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const response = await fetch(`${app.url}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await contract.verifyResponse({ method, url: `/api${url}`, body }, response.clone());
    return { status: response.status, data: ((await response.json()) as { data: T }).data };
  }

  it('lets a write token create a memory a webhook hears of, a read token export it, and a revoked one nothing', async () => {
    const password = 'correct horse battery staple';
    await call('POST', '/auth/register', undefined, {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password,
      confirmPassword: password,
    });
    const session = await call<{ accessToken: string }>('POST', '/auth/login', undefined, {
      email: 'ada@example.com',
      password,
      rememberMe: false,
    });
    const signedIn = session.data.accessToken;
    const webhook = await call<{ secret: string }>('POST', '/webhooks', signedIn, {
      url: receiver.url,
      events: ['memory.created'],
    });
    expect(webhook.status).toBe(201);
    const write = await call<{ token: string }>('POST', '/tokens', signedIn, { name: 'Voice notes', scope: 'write' });
    const read = await call<{ id: string; token: string }>('POST', '/tokens', signedIn, {
      name: 'Backup',
      scope: 'read',
    });

    const created = await call<{ id: string }>('POST', '/memories', write.data.token, {
      title: 'Recorded on the way home',
      date: '2024-05-01',
      contentJson: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hello' }] }] },
      tags: ['voice'],
    });
    expect(created.status).toBe(201);
    await eventually(
      async () => receiver.requests.length,
      (count) => count === 1,
    );
    expect(JSON.parse(receiver.requests[0].body)).toMatchObject({
      type: 'memory.created',
      data: { id: created.data.id, title: 'Recorded on the way home', tags: ['voice'] },
    });
    expect(receiver.requests[0].headers['webhook-signature']).toMatch(/^v1,/);

    const archive = await fetch(`${app.url}/api/export`, { headers: { authorization: `Bearer ${read.data.token}` } });
    expect(archive.status).toBe(200);
    expect(
      Buffer.from(await archive.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(
      (await call('POST', '/memories', read.data.token, { title: 'x', date: '2024-05-01', contentJson: '{}' })).status,
    ).toBe(403);
    expect((await call('GET', '/tokens', write.data.token)).status).toBe(403);

    expect((await call('DELETE', `/tokens/${read.data.id}`, signedIn)).status).toBe(200);
    expect((await call('GET', '/memories', read.data.token)).status).toBe(401);
  });
});
