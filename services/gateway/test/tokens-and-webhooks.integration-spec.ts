import { createHmac, randomUUID } from 'node:crypto';
import type {
  CreatedPersonalAccessToken,
  CreatedWebhook,
  Journal,
  Memory,
  PersonalAccessToken,
} from '@memories/contracts';
import {
  startNatsServer,
  startTestPostgres,
  startWebhookReceiver,
  eventually,
  journalKeyEnvelope,
  pngBytes,
  type TestNatsServer,
  type TestPostgres,
  type WebhookReceiver,
} from '@memories/server-testing';
import { callApi, memoryBody, type ApiAnswer } from './support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// Personal access tokens and webhooks against the real services as deployed (gateway, auth, memory, upload and
// notify as separate processes over nats-server and PostgreSQL), with real HTTP receivers on 127.0.0.1 (allowed by
// the notify service's WEBHOOK_ALLOWED_HOSTS).

const PASSWORD = 'correct horse battery staple';

interface Account {
  token: string;
  id: string;
}

describe('personal access tokens and webhooks (split services)', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    system = await startMemoriesSystem({ natsUrl: nats.url, databaseUrl: postgres.url, busTimeoutMs: 5000 });
  }, 120000);

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const call = <T = unknown>(method: string, url: string, token?: string, body?: unknown): Promise<ApiAnswer<T>> =>
    callApi<T>(system.api, method, url, { token, body });

  async function signUp(): Promise<Account> {
    const email = `pat-${randomUUID()}@example.com`;
    await call('POST', '/auth/register', undefined, {
      name: 'Pat Scripter',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const session = await call<{ accessToken: string; user: { id: string } }>('POST', '/auth/login', undefined, {
      email,
      password: PASSWORD,
      rememberMe: false,
    });
    return { token: session.body.data?.accessToken ?? '', id: session.body.data?.user.id ?? '' };
  }

  async function tokenOf(account: Account, scope: 'read' | 'write'): Promise<CreatedPersonalAccessToken> {
    const created = await call<CreatedPersonalAccessToken>('POST', '/tokens', account.token, {
      name: `${scope} script`,
      scope,
    });
    expect(created.status).toBe(201);
    return created.body.data as CreatedPersonalAccessToken;
  }

  async function receiver(...args: Parameters<typeof startWebhookReceiver>): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(...args);
    receivers.push(started);
    return started;
  }

  describe('personal access tokens', () => {
    it('creates a mem_pat_ token shown once, lists it without the secret and with its last use', async () => {
      const owner = await signUp();

      const created = await call<CreatedPersonalAccessToken>('POST', '/tokens', owner.token, {
        name: '  Nightly backup ',
        scope: 'read',
        expiresInDays: 30,
      });

      expect(created.status).toBe(201);
      expect(created.body.data).toEqual({
        id: expect.any(String),
        name: 'Nightly backup',
        scope: 'read',
        token: expect.stringMatching(/^mem_pat_[A-Za-z0-9_-]{43}$/),
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        lastUsedAt: null,
      });
      const token = created.body.data?.token ?? '';
      expect((await call('GET', '/memories', token)).status).toBe(200);
      const listed = await call<PersonalAccessToken[]>('GET', '/tokens', owner.token);
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: created.body.data?.id, lastUsedAt: expect.any(String) }),
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(token);
    });

    it('lets a write token create, change and delete memories, and a read token only read them (403)', async () => {
      const owner = await signUp();
      const write = await tokenOf(owner, 'write');
      const read = await tokenOf(owner, 'read');

      const created = await call<Memory>('POST', '/memories', write.token, memoryBody('By a script'));
      expect(created.status).toBe(201);
      const id = created.body.data?.id ?? '';
      expect((await call<Memory>('GET', `/memories/${id}`, read.token)).body.data?.title).toBe('By a script');
      expect((await call('GET', '/memories/search?q=script', read.token)).status).toBe(200);

      const refused = await call('PUT', `/memories/${id}`, read.token, memoryBody('Changed by a reader'));
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('TOKEN_SCOPE_FORBIDDEN');
      expect((await call('POST', '/memories', read.token, memoryBody('No'))).status).toBe(403);
      expect((await call('DELETE', `/memories/${id}`, read.token)).status).toBe(403);
      expect((await call('DELETE', `/memories/${id}`, write.token)).status).toBe(200);
    });

    it('lets a read token read journals and a write token change them, and no token a locked journal’s key', async () => {
      const owner = await signUp();
      const write = await tokenOf(owner, 'write');
      const read = await tokenOf(owner, 'read');

      const made = await call<Journal>('POST', '/journals', write.token, { name: 'Scripts' });
      expect(made.status).toBe(201);
      const id = made.body.data?.id ?? '';
      expect((await call<Journal[]>('GET', '/journals', read.token)).body.data?.map((journal) => journal.name)).toEqual(
        ['Journal', 'Scripts'],
      );
      expect((await call('GET', `/journals/${id}/memories`, read.token)).status).toBe(200);
      const refused = await call('PATCH', `/journals/${id}`, read.token, { name: 'Renamed by a reader' });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('TOKEN_SCOPE_FORBIDDEN');
      expect((await call('PATCH', `/journals/${id}`, write.token, { name: 'Renamed' })).status).toBe(200);

      const locked = await call<Journal>('POST', '/journals', owner.token, {
        name: 'Vault',
        keyEnvelope: journalKeyEnvelope(),
      });
      const key = await call('GET', `/journals/${locked.body.data?.id}/key`, write.token);
      expect(key.status).toBe(403);
      expect(key.body.error?.code).toBe('TOKEN_ROUTE_FORBIDDEN');
    });

    it.each([
      ['GET', '/tokens', undefined],
      ['POST', '/tokens', { name: 'more', scope: 'write' }],
      ['DELETE', `/tokens/${randomUUID()}`, undefined],
      ['GET', '/webhooks', undefined],
      ['POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['memory.created'] }],
      [
        'PUT',
        '/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'x'.repeat(12), confirmPassword: 'x'.repeat(12) },
      ],
      ['POST', '/auth/two-factor/setup', undefined],
      ['POST', '/auth/passkeys/registration-options', undefined],
      ['GET', '/auth/sessions', undefined],
      ['POST', '/auth/sessions/revoke-others', undefined],
      ['GET', '/auth/profile', undefined],
      ['POST', '/auth/oidc/link', {}],
      ['GET', '/auth/identities', undefined],
      ['DELETE', `/auth/identities/${randomUUID()}`, undefined],
    ] as const)('answers 403 TOKEN_ROUTE_FORBIDDEN to a write token on %s %s', async (method, path, body) => {
      const owner = await signUp();
      const write = await tokenOf(owner, 'write');

      const answer = await call(method, path, write.token, body);

      expect(answer.status).toBe(403);
      expect(answer.body.error?.code).toBe('TOKEN_ROUTE_FORBIDDEN');
    });

    it('never lets a token delete the account (403), and the account stays', async () => {
      const owner = await signUp();
      const write = await tokenOf(owner, 'write');

      const answer = await call('DELETE', `/users/${owner.id}`, write.token, { password: PASSWORD });

      expect(answer.status).toBe(403);
      expect((await call('GET', '/auth/profile', owner.token)).status).toBe(200);
    });

    it('exports with a read token on the upload service, reads its images, and refuses its import (403)', async () => {
      const owner = await signUp();
      const write = await tokenOf(owner, 'write');
      const read = await tokenOf(owner, 'read');
      const grant = await call<{ uploadUrl: string; fileUrl: string }>('POST', '/upload/presigned-url', write.token, {
        fileName: 'sea.png',
        fileType: 'image/png',
      });
      const uploadUrl = `${system.files}${grant.body.data?.uploadUrl}`;
      const put = await fetch(uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(pngBytes(7)),
      });
      expect(put.status).toBe(200);
      await call('POST', '/memories', write.token, memoryBody('Exported by a script'));

      const archive = await fetch(`${system.files}/api/export`, { headers: { authorization: `Bearer ${read.token}` } });
      expect(archive.status).toBe(200);
      expect(archive.headers.get('content-type')).toBe('application/zip');
      await archive.arrayBuffer();
      const image = await fetch(`${system.files}${grant.body.data?.fileUrl}`, {
        headers: { authorization: `Bearer ${read.token}` },
      });
      expect(image.status).toBe(200);
      await image.arrayBuffer();
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('not a zip')]), 'x.zip');
      const imported = await fetch(`${system.files}/api/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${read.token}` },
        body: form,
      });
      expect(imported.status).toBe(403);
      expect(((await imported.json()) as ApiAnswer['body']).error?.code).toBe('TOKEN_SCOPE_FORBIDDEN');
    });

    it('answers 401 to a revoked token at once, and 404 to revoking another account’s token', async () => {
      const owner = await signUp();
      const stranger = await signUp();
      const read = await tokenOf(owner, 'read');
      expect((await call('GET', '/memories', read.token)).status).toBe(200);

      expect((await call('DELETE', `/tokens/${read.id}`, stranger.token)).status).toBe(404);
      expect((await call('GET', '/memories', read.token)).status).toBe(200);
      expect((await call('DELETE', `/tokens/${read.id}`, owner.token)).status).toBe(200);

      const after = await call('GET', '/memories', read.token);
      expect(after.status).toBe(401);
      const exported = await fetch(`${system.files}/api/export`, {
        headers: { authorization: `Bearer ${read.token}` },
      });
      expect(exported.status).toBe(401);
    });

    it('ends every token with "sign out everywhere" and with the account', async () => {
      const owner = await signUp();
      const first = await tokenOf(owner, 'write');
      expect((await call('GET', '/memories', first.token)).status).toBe(200);

      expect((await call('POST', '/auth/sessions/revoke-others', owner.token)).status).toBe(200);
      expect((await call('GET', '/memories', first.token)).status).toBe(401);

      const second = await tokenOf(owner, 'read');
      expect((await call('GET', '/memories', second.token)).status).toBe(200);
      expect((await call('DELETE', `/users/${owner.id}`, owner.token, { password: PASSWORD })).status).toBe(200);
      expect((await call('GET', '/memories', second.token)).status).toBe(401);
    });

    it('answers 401 to anonymous callers of /tokens and /webhooks', async () => {
      for (const [method, path] of [
        ['GET', '/tokens'],
        ['POST', '/tokens'],
        ['DELETE', `/tokens/${randomUUID()}`],
        ['GET', '/webhooks'],
        ['POST', '/webhooks'],
        ['PATCH', `/webhooks/${randomUUID()}`],
        ['DELETE', `/webhooks/${randomUUID()}`],
        ['GET', `/webhooks/${randomUUID()}/deliveries`],
        ['POST', `/webhooks/${randomUUID()}/test`],
      ]) {
        expect((await call(method, path)).status).toBe(401);
      }
    });
  });

  describe('webhooks', () => {
    function verify(secret: string, request: WebhookReceiver['requests'][number]): boolean {
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const signed = `${request.headers['webhook-id']}.${request.headers['webhook-timestamp']}.${request.body}`;
      return request.headers['webhook-signature'] === `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
    }

    it('tells a receiver of every memory created, changed and deleted, signed, without the memory’s content', async () => {
      const owner = await signUp();
      const target = await receiver();
      const created = await call<CreatedWebhook>('POST', '/webhooks', owner.token, {
        url: target.url,
        events: ['memory.created', 'memory.updated', 'memory.deleted'],
      });
      expect(created.status).toBe(201);
      expect(created.body.data?.secret).toMatch(/^whsec_/);
      const secret = created.body.data?.secret ?? '';

      const memory = (await call<Memory>('POST', '/memories', owner.token, { ...memoryBody('Sea'), tags: ['sea'] }))
        .body.data as Memory;
      await eventually(
        async () => target.requests.length,
        (count) => count === 1,
      );
      await call('PUT', `/memories/${memory.id}`, owner.token, { ...memoryBody('Sea, again'), tags: ['sea'] });
      await eventually(
        async () => target.requests.length,
        (count) => count === 2,
      );
      await call('DELETE', `/memories/${memory.id}`, owner.token);
      await eventually(
        async () => target.requests.length,
        (count) => count === 3,
      );

      const bodies = target.requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);
      expect(bodies.map((body) => body.type)).toEqual(['memory.created', 'memory.updated', 'memory.deleted']);
      expect(bodies[1]).toEqual({
        type: 'memory.updated',
        timestamp: expect.any(String),
        data: { id: memory.id, journal: memory.journalId, date: '2024-05-01', title: 'Sea, again', tags: ['sea'] },
      });
      expect(target.requests.every((request) => verify(secret, request))).toBe(true);
      expect(target.requests.map((request) => request.body).join()).not.toContain('by the sea');
      const deliveries = await call<Array<{ status: string }>>(
        'GET',
        `/webhooks/${created.body.data?.id}/deliveries`,
        owner.token,
      );
      expect(deliveries.body.data?.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    });

    it('refuses a private or loopback URL with 400 WEBHOOK_URL_REFUSED before any connection', async () => {
      const owner = await signUp();
      const target = await receiver();

      for (const url of [`http://localhost:${target.port}/x`, 'http://169.254.169.254/', 'http://192.168.0.10/x']) {
        const answer = await call('POST', '/webhooks', owner.token, { url, events: ['memory.created'] });
        expect(answer.status).toBe(400);
        expect(answer.body.error?.code).toBe('WEBHOOK_URL_REFUSED');
      }
      expect(target.connections).toBe(0);
    });

    it('shows and changes a webhook for its owner only (404 to anyone else), and a test delivery arrives', async () => {
      const owner = await signUp();
      const stranger = await signUp();
      const target = await receiver();
      const id = (
        await call<CreatedWebhook>('POST', '/webhooks', owner.token, {
          url: target.url,
          events: ['memory.created'],
        })
      ).body.data?.id;

      for (const [method, path, body] of [
        ['PATCH', `/webhooks/${id}`, { enabled: false }],
        ['DELETE', `/webhooks/${id}`, undefined],
        ['GET', `/webhooks/${id}/deliveries`, undefined],
        ['POST', `/webhooks/${id}/test`, undefined],
      ] as const) {
        const answer = await call(method, path, stranger.token, body);
        expect(answer.status).toBe(404);
        expect(answer.body.error?.code).toBe('WEBHOOK_NOT_FOUND');
      }
      expect((await call('GET', '/webhooks', stranger.token)).body.data).toEqual([]);

      const test = await call('POST', `/webhooks/${id}/test`, owner.token);
      expect(test.status).toBe(202);
      await eventually(
        async () => target.requests.length,
        (count) => count === 1,
      );
      expect(JSON.parse(target.requests[0].body)).toMatchObject({ type: 'webhook.test', data: { webhookId: id } });

      const off = await call('PATCH', `/webhooks/${id}`, owner.token, { enabled: false });
      expect(off.body.data).toMatchObject({ enabled: false });
      await call('POST', '/memories', owner.token, memoryBody('Not announced'));
      expect((await call('DELETE', `/webhooks/${id}`, owner.token)).status).toBe(200);
      expect(target.requests).toHaveLength(1);
    });
  });
});
