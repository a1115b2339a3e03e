import http from 'node:http';
import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { connect, type Msg, type NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  ADMIN_SUBJECTS,
  MEMORY_EVENTS,
  MEMORY_MESSAGES,
  SUBJECTS,
  USER_LOOKUP_SUBJECT,
  type Memory,
  type MemoryDeletedEvent,
  type UserLookupRequest,
} from '@memories/contracts';
import { bootstrapService, migrateService } from '@memories/nest-common';
import {
  ApiContract,
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

// The whole memory API as a browser reaches it: HTTP → the real gateway process → NATS → this service →
// PostgreSQL. The auth service is another team's process with its own tests; here a small NATS responder with
// three fixed users stands in for the questions the gateway asks it (the caller's profile and account status, and
// which user ids may receive shares), and access tokens are signed with a key pair whose public half the gateway is
// given.

const GATEWAY_MAIN = path.resolve(__dirname, '..', '..', 'gateway', 'dist', 'main.js');

interface TestUser {
  id: string;
  email: string;
  token: string;
}

interface Answer<T = unknown> {
  status: number;
  body: {
    success: boolean;
    data: T;
    message?: string;
    pagination?: Record<string, unknown>;
    error?: { code: string; detail?: unknown };
  };
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function accessToken(privateKey: KeyObject, userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({
      sub: userId,
      typ: 'access',
      iss: 'memories-auth',
      aud: 'memories-api',
      iat: now,
      exp: now + 3600,
    }),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: privateKey, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Answers in Nest's NATS wire format: `{ id, response, isDisposed }`. */
function respond(message: Msg, answer: (data: unknown, userId: string | undefined) => unknown): void {
  const packet = JSON.parse(new TextDecoder().decode(message.data)) as {
    id: string;
    data: { userId?: string; payload: unknown };
  };
  const response = answer(packet.data.payload, packet.data.userId);
  message.respond(new TextEncoder().encode(JSON.stringify({ id: packet.id, response, isDisposed: true })));
}

async function waitForHttp(url: string, child: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`gateway exited: ${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gateway did not start: ${output()}`);
}

const doc = (text: string, images: string[] = []) =>
  JSON.stringify({
    type: 'doc',
    content: [
      { type: 'paragraph', content: [{ type: 'text', text }] },
      ...images.map((src) => ({ type: 'image', attrs: { src } })),
    ],
  });

describe('memory API through the gateway, over NATS, against PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let service: INestApplication;
  let gateway: ChildProcess;
  let bus: NatsConnection;
  let base: string;
  let contract: ApiContract;
  const users: Record<'owner' | 'recipient' | 'stranger', TestUser> = {} as never;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
    };
    await migrateService(memoryServiceDescriptor, env);
    service = await bootstrapService(memoryServiceDescriptor, env);

    const keys = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    for (const role of ['owner', 'recipient', 'stranger'] as const) {
      const id = randomUUID();
      users[role] = { id, email: `${role}@example.com`, token: accessToken(keys.privateKey, id) };
    }
    const byId = new Map(Object.values(users).map((user) => [user.id, user]));
    bus = await connect({ servers: nats.url });
    bus.subscribe(SUBJECTS.auth.getProfile, {
      callback: (_error, message) =>
        respond(message, (_payload, userId) => ({ id: userId, email: byId.get(userId ?? '')?.email })),
    });
    for (const subject of [USER_LOOKUP_SUBJECT, ADMIN_SUBJECTS.shareRecipients]) {
      bus.subscribe(subject, {
        callback: (_error, message) =>
          respond(message, (payload) => ({
            users: (payload as UserLookupRequest).ids
              .filter((id) => byId.has(id))
              .map((id) => ({ id, name: `Test ${id.slice(0, 4)}`, email: byId.get(id)?.email, profileImageUrl: null })),
          })),
      });
    }
    bus.subscribe(ADMIN_SUBJECTS.accountStatus, {
      callback: (_error, message) => respond(message, () => ({ active: true, role: 'member' })),
    });
    await bus.flush();

    const port = await getFreePort();
    let output = '';
    gateway = spawn(process.execPath, [GATEWAY_MAIN], {
      env: {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(port),
        NATS_URL: nats.url,
        LOG_LEVEL: 'error',
        // The web app's own request timeout (spec section 9): deriving a ~1.9 MiB memory takes seconds on a busy
        // machine.
        BUS_TIMEOUT_MS: '10000',
        AUTH_JWT_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    gateway.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    gateway.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    base = `http://127.0.0.1:${port}/api`;
    await waitForHttp(`http://127.0.0.1:${port}/health/live`, gateway, () => output);
    contract = await ApiContract.fetch(`${base}/docs/json`);
  });

  afterAll(async () => {
    if (gateway && gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGTERM');
      await exited;
    }
    await bus?.close();
    await service?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  async function call<T = unknown>(method: string, url: string, user?: TestUser, body?: unknown): Promise<Answer<T>> {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(user ? { authorization: `Bearer ${user.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = { status: response.status, body: (await response.json()) as Answer<T>['body'] };
    // Every answer, and every request the API accepted, must be what the served API document says.
    contract.verify({
      method,
      url: `${base}${url}`,
      requestBody: body,
      status: answer.status,
      contentType: response.headers.get('content-type'),
      responseBody: answer.body,
    });
    return answer;
  }

  const input = (title: string, change: Record<string, unknown> = {}) => ({
    title,
    date: '2024-05-01',
    contentJson: doc(`${title} by the sea`),
    contentHtml: '<p>ignored</p>',
    tags: [],
    isDraft: true,
    thumbnailUrl: '',
    sharedWith: [],
    ...change,
  });

  async function createAs(user: TestUser, body: Record<string, unknown>): Promise<Memory> {
    const answer = await call<Memory>('POST', '/memories/memory', user, body);
    expect(answer.status).toBe(201);
    return answer.body.data;
  }

  describe('the endpoints', () => {
    it('creates, reads, updates, publishes and deletes with the spec messages and fields', async () => {
      const created = await call<Memory>('POST', '/memories/memory', users.owner, input('Harbour', { tags: ['sea'] }));
      const id = created.body.data.id;
      const read = await call<Memory>('GET', `/memories/memory/${id}`, users.owner);
      const updated = await call<Memory>(
        'PUT',
        `/memories/memory/${id}`,
        users.owner,
        input('Harbour at dusk', { date: '2024-05-02T18:30:00' }),
      );
      const published = await call<Memory>('POST', `/memories/memory/${id}/publish`, users.owner);
      const deleted = await call('DELETE', `/memories/memory/${id}`, users.owner);

      expect(created).toMatchObject({ status: 201, body: { success: true, message: MEMORY_MESSAGES.created } });
      expect(Object.keys(created.body.data).sort()).toEqual(
        [
          'id',
          'title',
          'date',
          'contentHtml',
          'contentJson',
          'tags',
          'isDraft',
          'thumbnailUrl',
          'sharedWith',
          'userEmail',
          'ownerId',
          'createdAt',
          'updatedAt',
          'viewCount',
          'likeCount',
          'commentCount',
          'wordCount',
          'readingTime',
          'version',
          'mood',
          'journalId',
        ].sort(),
      );
      expect(created.body.data).toMatchObject({
        date: '2024-05-01T12:00:00',
        contentHtml: '<p>Harbour by the sea</p>',
        userEmail: 'owner@example.com',
        wordCount: 4,
        readingTime: 1,
      });
      expect(read.body).toEqual({ success: true, data: created.body.data });
      expect(updated).toMatchObject({
        status: 200,
        body: { message: MEMORY_MESSAGES.updated, data: { title: 'Harbour at dusk', date: '2024-05-02T18:30:00' } },
      });
      expect(published).toMatchObject({
        status: 200,
        body: { message: MEMORY_MESSAGES.published, data: { isDraft: false } },
      });
      expect(deleted).toEqual({ status: 200, body: { success: true, data: null, message: MEMORY_MESSAGES.deleted } });
      expect((await call('GET', `/memories/memory/${id}`, users.owner)).status).toBe(404);
    });

    it('starts a memory at version 1 and moves it on with every update, publish and share, in every answer', async () => {
      const created = await createAs(users.owner, input('Versions'));
      const updated = await call<Memory>(
        'PUT',
        `/memories/memory/${created.id}`,
        users.owner,
        input('Versions again', { version: 1 }),
      );
      const published = await call<Memory>('POST', `/memories/memory/${created.id}/publish`, users.owner);
      const shared = await call<Memory>('POST', `/memories/memory/${created.id}/share`, users.owner, {
        userIds: [users.recipient.id],
      });
      const read = await call<Memory>('GET', `/memories/memory/${created.id}`, users.owner);
      const listed = await call<Memory[]>('GET', '/memories/my?size=100', users.owner);
      const found = await call<Memory[]>('GET', '/memories/search?q=versions', users.owner);
      const inbox = await call<Memory[]>('GET', '/memories/shared?size=100', users.recipient);

      expect([
        created.version,
        updated.body.data.version,
        published.body.data.version,
        shared.body.data.version,
      ]).toEqual([1, 2, 3, 4]);
      for (const page of [listed, found, inbox])
        expect(page.body.data.find((m) => m.id === created.id)?.version).toBe(4);
      expect(read.body.data.version).toBe(4);
    });

    it('answers the second of two saves from the same version with 409 and the winner, and loses neither', async () => {
      const memory = await createAs(users.owner, input('Two tabs'));

      const first = await call<Memory>(
        'PUT',
        `/memories/memory/${memory.id}`,
        users.owner,
        input('From the laptop', { version: memory.version }),
      );
      const second = await call<Memory>(
        'PUT',
        `/memories/memory/${memory.id}`,
        users.owner,
        input('From the phone', { version: memory.version }),
      );

      expect(first).toMatchObject({
        status: 200,
        body: { data: { title: 'From the laptop', version: memory.version + 1 } },
      });
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        success: false,
        message: 'This memory was changed elsewhere since this version was loaded',
        error: { code: 'MEMORY_VERSION_CONFLICT', detail: { current: first.body.data } },
      });
      // The phone's text is still the phone's to keep: saved on top of the winner's version, it is written.
      const kept = await call<Memory>(
        'PUT',
        `/memories/memory/${memory.id}`,
        users.owner,
        input('From the phone', { version: memory.version + 1 }),
      );
      expect(kept).toMatchObject({
        status: 200,
        body: { data: { title: 'From the phone', version: memory.version + 2 } },
      });
    });

    it('lets exactly one of 20 simultaneous saves from the same version through; the 19 others get that one', async () => {
      const memory = await createAs(users.owner, input('Many tabs'));

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, tab) =>
          call<Memory>(
            'PUT',
            `/memories/memory/${memory.id}`,
            users.owner,
            input(`Tab ${tab}`, { version: memory.version }),
          ),
        ),
      );

      const winners = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 409);
      expect(winners).toHaveLength(1);
      expect(refused).toHaveLength(19);
      const winner = winners[0].body.data;
      expect(winner.version).toBe(memory.version + 1);
      for (const answer of refused) expect(answer.body.error?.detail).toEqual({ current: winner });
      expect((await call<Memory>('GET', `/memories/memory/${memory.id}`, users.owner)).body.data).toEqual(winner);
    });

    it('keeps the last-write-wins behaviour of a save without a version, and still moves the version on', async () => {
      const memory = await createAs(users.owner, input('No version'));

      const answers = await Promise.all(
        [1, 2, 3].map((n) => call<Memory>('PUT', `/memories/memory/${memory.id}`, users.owner, input(`Blind ${n}`))),
      );

      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect((await call<Memory>('GET', `/memories/memory/${memory.id}`, users.owner)).body.data.version).toBe(
        memory.version + 3,
      );
    });

    it('lists with filters, sorting and zero-based pagination, and answers the caller tags', async () => {
      const author = users.stranger;
      for (const [title, date, tags, isDraft] of [
        ['Pear', '2022-01-05', ['fruit', 'green'], false],
        ['apple', '2022-02-05', ['fruit'], true],
        ['Zucchini', '2022-03-05', ['green'], false],
      ] as const) {
        await createAs(author, input(title, { date, tags: [...tags], isDraft }));
      }

      const first = await call<Memory[]>('GET', '/memories/my?size=2', author);
      const second = await call<Memory[]>('GET', '/memories/my?size=2&page=1', author);
      const byTitle = await call<Memory[]>('GET', '/memories/my?sortBy=title', author);
      const oldest = await call<Memory[]>('GET', '/memories/my?sortBy=createdAt&sortDirection=asc', author);
      const filtered = await call<Memory[]>('GET', '/memories/my?tags=fruit&isDraft=false', author);
      const bothTags = await call<Memory[]>('GET', '/memories/my?tags=fruit,green', author);
      const range = await call<Memory[]>('GET', '/memories/my?dateFrom=2022-02-01&dateTo=2022-03-05', author);
      const tags = await call<string[]>('GET', '/memories/tags', author);

      expect(first.body.data.map((m) => m.title)).toEqual(['Zucchini', 'apple']);
      expect(first.body.pagination).toEqual({
        currentPage: 0,
        pageSize: 2,
        totalPages: 2,
        totalElements: 3,
        hasPrevious: false,
        hasNext: true,
      });
      expect(second.body.pagination).toMatchObject({ currentPage: 1, hasPrevious: true, hasNext: false });
      expect(byTitle.body.data.map((m) => m.title)).toEqual(['apple', 'Pear', 'Zucchini']);
      expect(oldest.body.data.map((m) => m.title)).toEqual(['Pear', 'apple', 'Zucchini']);
      expect(filtered.body.data.map((m) => m.title)).toEqual(['Pear']);
      expect(bothTags.body.data.map((m) => m.title)).toEqual(['Pear']);
      expect(range.body.data.map((m) => m.title)).toEqual(['Zucchini', 'apple']);
      expect(tags.body).toEqual({ success: true, data: ['fruit', 'green'] });
    });

    it('searches with prefixes and ranks title matches first', async () => {
      const author = users.recipient;
      await createAs(author, input('Notes', { contentJson: doc('a long walk to the windmill') }));
      await createAs(author, input('Windmill visit', { contentJson: doc('sails turning') }));

      const found = await call<Memory[]>('GET', '/memories/search?q=windm', author);
      const titleOnly = await call<Memory[]>('GET', '/memories/search?title=notes', author);
      const contentOnly = await call<Memory[]>('GET', '/memories/search?content=sails', author);

      expect(found.body.data.map((m) => m.title)).toEqual(['Windmill visit', 'Notes']);
      expect(found.body.pagination).toMatchObject({ currentPage: 0, pageSize: 10, totalElements: 2, totalPages: 1 });
      expect(found.body).toMatchObject({ success: true, limited: false });
      expect(Object.keys(found.body)).toEqual(['success', 'data', 'pagination', 'limited']);
      expect(titleOnly.body.data.map((m) => m.title)).toEqual(['Notes']);
      expect(contentOnly.body.data.map((m) => m.title)).toEqual(['Windmill visit']);
      const misspelt = await call<Memory[]>('GET', '/memories/search?q=windmil%20sials', author);
      expect(misspelt.body).toMatchObject({ success: true, data: [], limited: false, suggestion: 'windmill sials' });
    });

    it('keeps a mood from 1 to 5 or none, refuses any other naming mood, searches it and averages it', async () => {
      const author = users.stranger;
      for (const mood of [0, 6, 2.5, '4']) {
        const refused = await call('POST', '/memories/memory', author, input('Bad mood', { mood }));
        expect(refused.status).toBe(400);
        expect(refused.body.message).toContain('mood');
      }
      const calm = await createAs(author, input('Calm lake', { date: '2031-03-02', mood: 4 }));
      expect(calm.mood).toBe(4);
      const glad = await createAs(author, input('Glad harbour', { date: '2031-03-03', mood: 5 }));
      const plain = await createAs(author, input('Plain day', { date: '2031-03-03' }));
      expect(plain.mood).toBeNull();
      await createAs(author, input('Grey walk', { date: '2031-03-04', mood: 2 }));

      // An update that leaves mood out keeps it; a bad one is refused.
      const kept = await call<Memory>(
        'PUT',
        `/memories/memory/${calm.id}`,
        author,
        input('Calm lake at dusk', { date: '2031-03-02' }),
      );
      expect(kept.body.data).toMatchObject({ title: 'Calm lake at dusk', mood: 4 });
      const refused = await call(
        'PUT',
        `/memories/memory/${glad.id}`,
        author,
        input('Glad harbour', { date: '2031-03-03', mood: 7 }),
      );
      expect(refused.status).toBe(400);
      const rated = await call<Memory>(
        'PUT',
        `/memories/memory/${plain.id}`,
        author,
        input('Plain day', { date: '2031-03-03', mood: 3 }),
      );
      expect(rated.body.data.mood).toBe(3);
      const read = await call<Memory>('GET', `/memories/memory/${glad.id}`, author);
      expect(read.body.data.mood).toBe(5);

      const atLeastGood = await call<Memory[]>('GET', `/memories/search?q=${encodeURIComponent('mood:>=4')}`, author);
      expect(atLeastGood.body.data.map((m) => m.title).sort()).toEqual(['Calm lake at dusk', 'Glad harbour']);
      const exactly = await call<Memory[]>('GET', `/memories/search?q=${encodeURIComponent('mood:2')}`, author);
      expect(exactly.body.data.map((m) => m.title)).toEqual(['Grey walk']);
      const below = await call<Memory[]>('GET', `/memories/search?q=${encodeURIComponent('mood:<4 day')}`, author);
      expect(below.body.data.map((m) => m.title)).toEqual(['Plain day']);

      const calendar = await call<Array<{ date: string; count: number; mood: number | null }>>(
        'GET',
        '/memories/calendar?from=2031-03-01&to=2031-03-31',
        author,
      );
      expect(calendar.body.data).toEqual([
        { date: '2031-03-02', count: 1, mood: 4 },
        { date: '2031-03-03', count: 2, mood: 4 },
        { date: '2031-03-04', count: 1, mood: 2 },
      ]);
      const stats = await call<{ perMonth: Array<{ month: string; count: number; averageMood: number | null }> }>(
        'GET',
        '/memories/stats?date=2031-03-15',
        author,
      );
      expect(stats.body.data.perMonth.at(-1)).toEqual({ month: '2031-03', count: 4, averageMood: 3.5 });
      expect(stats.body.data.perMonth.at(-2)).toEqual({ month: '2031-02', count: 0, averageMood: null });

      const cleared = await call<Memory>(
        'PUT',
        `/memories/memory/${glad.id}`,
        author,
        input('Glad harbour', { date: '2031-03-03', mood: null }),
      );
      expect(cleared.body.data.mood).toBeNull();
    });

    it('searches what a person meant when the words carry a NUL, a control character or half an emoji', async () => {
      const author = users.recipient;
      await createAs(author, input('Lighthouse', { contentJson: doc('the keeper waved') }));

      const withControls = await call<Memory[]>(
        'GET',
        `/memories/search?q=${encodeURIComponent('light\u0000hou\u0007se keeper')}`,
        author,
      );
      const halfEmoji = await call<Memory[]>(
        'GET',
        `/memories/search?q=lighthouse%20%ED%A0%BD&content=${encodeURIComponent('kee\u0000per')}`,
        author,
      );

      expect(withControls).toMatchObject({ status: 200, body: { success: true } });
      expect(withControls.body.data.map((m) => m.title)).toEqual(['Lighthouse']);
      expect(halfEmoji).toMatchObject({ status: 200, body: { success: true, data: [] } });
    });

    it('refuses a thumbnail that is not an image of the memory, and keeps one that is', async () => {
      const image = '/api/files/owner/boat.png';

      const refused = await call(
        'POST',
        '/memories/memory',
        users.owner,
        input('Boat', { thumbnailUrl: '/api/files/owner/other.png' }),
      );
      const kept = await createAs(
        users.owner,
        input('Boat', { contentJson: doc('boat', [image]), thumbnailUrl: image }),
      );

      expect(refused).toMatchObject({
        status: 400,
        body: { success: false, error: { code: 'MEMORY_THUMBNAIL_INVALID' } },
      });
      expect(kept.thumbnailUrl).toBe(image);
    });

    it('shares only with users that exist, and lists shared memories for the recipient', async () => {
      const memory = await createAs(users.owner, input('Picnic'));
      const ghost = randomUUID();

      const refused = await call('POST', `/memories/memory/${memory.id}/share`, users.owner, {
        userIds: [users.recipient.id, ghost],
      });
      const shared = await call<Memory>('POST', `/memories/memory/${memory.id}/share`, users.owner, {
        userIds: [users.recipient.id],
      });
      const inbox = await call<Memory[]>('GET', '/memories/shared?size=100', users.recipient);

      expect(refused).toMatchObject({
        status: 400,
        body: { message: `Cannot share with ${ghost}: no account with a confirmed e-mail address has this id` },
      });
      expect(shared).toMatchObject({
        status: 200,
        body: { message: MEMORY_MESSAGES.shared, data: { sharedWith: [users.recipient.id] } },
      });
      expect(inbox.body.data.map((m) => m.id)).toContain(memory.id);
      expect(inbox.body.data.find((m) => m.id === memory.id)?.userEmail).toBe('owner@example.com');
    });

    it('counts views by others, not by the owner', async () => {
      const memory = await createAs(users.owner, input('Viewed', { sharedWith: [users.recipient.id] }));

      await call('GET', `/memories/memory/${memory.id}`, users.recipient);
      await call('GET', `/memories/memory/${memory.id}`, users.owner);
      const seen = await call<Memory>('GET', `/memories/memory/${memory.id}`, users.recipient);

      expect(seen.body.data.viewCount).toBe(2);
    });

    it('publishes memory.memory.deleted with the image sources on delete', async () => {
      const image = '/api/files/owner/old.png';
      const memory = await createAs(users.owner, input('Old', { contentJson: doc('old', [image]) }));
      const subscription = bus.subscribe(MEMORY_EVENTS.deleted, { max: 1 });
      await bus.flush();

      await call('DELETE', `/memories/memory/${memory.id}`, users.owner);

      for await (const message of subscription) {
        const event = (JSON.parse(new TextDecoder().decode(message.data)) as { data: { payload: MemoryDeletedEvent } })
          .data.payload;
        expect(event).toMatchObject({ memoryId: memory.id, ownerId: users.owner.id, imageSources: [image] });
      }
    });

    it.each([
      ['a malformed id', 'GET', '/memories/memory/123', undefined, 'id must be a memory id (UUID)'],
      [
        'a version that is not a whole number',
        'PUT',
        `/memories/memory/${randomUUID()}`,
        input('x', { version: '2' }),
        'version must be a whole number',
      ],
      ['a negative page', 'GET', '/memories/my?page=-1', undefined, 'page must not be less than 0'],
      ['a page size over 100', 'GET', '/memories/my?size=101', undefined, 'size must not be greater than 100'],
      ['an unknown sortBy', 'GET', '/memories/my?sortBy=views', undefined, 'sortBy must be one of: createdAt, title'],
      [
        'an invalid dateFrom',
        'GET',
        '/memories/my?dateFrom=last-week',
        undefined,
        'dateFrom must be a date (yyyy-MM-dd) or an ISO date-time',
      ],
      [
        'an impossible dateTo',
        'GET',
        '/memories/my?dateTo=2024-02-31',
        undefined,
        'dateTo must be a date (yyyy-MM-dd) or an ISO date-time',
      ],
      [
        'an isDraft that is not a boolean',
        'GET',
        '/memories/my?isDraft=maybe',
        undefined,
        'isDraft must be true or false',
      ],
      [
        'a title over 200 characters',
        'POST',
        '/memories/memory',
        input('x'.repeat(201)),
        'title must be shorter than or equal to 200 characters',
      ],
      ['a blank title', 'POST', '/memories/memory', input('   '), 'Title is required'],
      [
        'content that is not a document',
        'POST',
        '/memories/memory',
        input('x', { contentJson: '[1,2]' }),
        'Invalid content',
      ],
      ['an unknown field', 'POST', '/memories/memory', input('x', { owner: 'me' }), 'property owner should not exist'],
      [
        'share ids that are not user ids',
        'POST',
        `/memories/memory/${randomUUID()}/share`,
        { userIds: ['bob'] },
        'userIds must contain user ids',
      ],
      [
        'an unknown search order',
        'GET',
        '/memories/search?sortBy=views',
        undefined,
        'sortBy must be one of: relevance, createdAt, date, title',
      ],
      [
        'an impossible day for On This Day',
        'GET',
        '/memories/on-this-day?date=2023-02-29',
        undefined,
        'date must be a day written yyyy-MM-dd',
      ],
      [
        'a calendar over 400 days',
        'GET',
        '/memories/calendar?from=2023-01-01&to=2024-12-31',
        undefined,
        'to must be on or after from, at most 400 days later',
      ],
      [
        'a timeline cursor it did not write',
        'GET',
        '/memories/timeline?cursor=bm9wZQ',
        undefined,
        'cursor must be the nextCursor of a timeline page',
      ],
      ['writing stats without today', 'GET', '/memories/stats', undefined, 'date must be a day written yyyy-MM-dd'],
    ])('answers 400 with a clear message for %s', async (_case, method, url, body, message) => {
      const answer = await call(method, url, users.owner, body);

      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toContain(message);
    });

    it('saves and reads back a memory of ~1.9 MiB sent as the web app sends it (JSON text plus its HTML)', async () => {
      // Paragraphs with marks, like a long journal entry: about 1.9 MiB of contentJson, under the 2 MiB cap.
      const paragraph = (n: number) => ({
        type: 'paragraph',
        content: [
          { type: 'text', text: `Day ${n}: we walked along the harbour "before breakfast" and watched the boats. ` },
          { type: 'text', marks: [{ type: 'bold' }], text: 'The light was soft. ' },
          { type: 'text', text: 'Later we found a small café & bought bread, cheese and <cherries>.' },
        ],
      });
      const content = { type: 'doc', content: Array.from({ length: 6_500 }, (_, n) => paragraph(n)) };
      const contentJson = JSON.stringify(content);
      const contentHtml = content.content.map((p) => `<p>${p.content.map((t) => t.text).join('')}</p>`).join('');
      const body = input('A long day', { contentJson, contentHtml });
      const bodyBytes = Buffer.byteLength(JSON.stringify(body));

      const saved = await call<Memory>('POST', '/memories/memory', users.owner, body);
      expect(saved).toMatchObject({ status: 201, body: { success: true } });
      const read = await call<Memory>('GET', `/memories/memory/${saved.body.data.id}`, users.owner);

      expect(Buffer.byteLength(contentJson)).toBeGreaterThan(1.85 * 1024 * 1024);
      expect(Buffer.byteLength(contentJson)).toBeLessThan(2 * 1024 * 1024);
      // Over the old 1 MiB body limit and the default 1 MB NATS payload, in both directions.
      expect(bodyBytes).toBeGreaterThan(3 * 1024 * 1024);
      expect(read.status).toBe(200);
      const stored = JSON.parse(read.body.data.contentJson) as typeof content;
      expect(stored.content).toHaveLength(6_500);
      expect(stored.content[6_499].content).toEqual(paragraph(6_499).content);
      expect(read.body.data.contentHtml).toContain('<p>Day 6499: we walked along the harbour "before breakfast"');
    });

    it('answers 400 naming the cap for contentJson over 2 MiB in a body the gateway accepts', async () => {
      const huge = doc('word '.repeat(450_000));

      const answer = await call('POST', '/memories/memory', users.owner, input('Huge', { contentJson: huge }));

      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(answer.body.message).toContain(
        'contentJson must be an editor document (JSON text or object) of at most 2 MB',
      );
    });

    it('answers 413 with a clear message for a body over the gateway limit, never 500', async () => {
      // The gateway answers by the declared length before reading the body, and closes the connection: a client still
      // writing 6 MB races that close (EPIPE), so this one declares the length and waits for the answer.
      const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const request = http.request(`${base}/memories/memory`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${users.owner.token}`,
            'content-type': 'application/json',
            'content-length': String(6 * 1024 * 1024),
          },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) });
            request.destroy();
          });
        });
        request.on('error', reject);
        request.flushHeaders();
      });

      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        success: false,
        message: 'Request body is too large',
        error: { code: 'PAYLOAD_TOO_LARGE' },
      });
    });
  });

  describe('authorization matrix', () => {
    type Role = 'owner' | 'recipient' | 'stranger' | 'anonymous';
    type State = 'draft' | 'published' | 'shared';
    const roles: Role[] = ['owner', 'recipient', 'stranger', 'anonymous'];
    const states: State[] = ['draft', 'published', 'shared'];

    async function memoryIn(state: State, change: Record<string, unknown> = {}): Promise<Memory> {
      return createAs(
        users.owner,
        input(`Matrix ${state} ${randomUUID()}`, {
          isDraft: state === 'draft',
          sharedWith: state === 'shared' ? [users.recipient.id] : [],
          tags: [`tag-${randomUUID()}`],
          ...change,
        }),
      );
    }

    const who = (role: Role) => (role === 'anonymous' ? undefined : users[role]);

    // Per memory: what each role gets. The recipient may only read what is shared with them; everyone else but
    // the owner is told the memory does not exist; without a token every call is 401.
    const single: Array<[string, (m: Memory) => [string, string, unknown?]]> = [
      ['GET memory', (m) => ['GET', `/memories/memory/${m.id}`]],
      ['PUT memory', (m) => ['PUT', `/memories/memory/${m.id}`, input('Changed')]],
      [
        'PUT memory from its version',
        (m) => ['PUT', `/memories/memory/${m.id}`, input('Changed', { version: m.version })],
      ],
      [
        'PUT memory from another version',
        (m) => ['PUT', `/memories/memory/${m.id}`, input('Changed', { version: m.version + 1 })],
      ],
      ['POST publish', (m) => ['POST', `/memories/memory/${m.id}/publish`]],
      ['POST share', (m) => ['POST', `/memories/memory/${m.id}/share`, { userIds: [users.stranger.id] }]],
      ['DELETE memory', (m) => ['DELETE', `/memories/memory/${m.id}`]],
    ];
    const expected = (endpoint: string, role: Role, state: State): number => {
      // The owner may do everything; a recipient may read what is shared with them, nothing else.
      if (role === 'anonymous') return 401;
      // A stale version is reported only to the owner: to anyone else the memory does not exist.
      if (role === 'owner') return endpoint === 'PUT memory from another version' ? 409 : 200;
      if (role === 'recipient' && state === 'shared' && endpoint === 'GET memory') return 200;
      return 404;
    };

    const cells = single.flatMap(([endpoint, request]) =>
      roles.flatMap((role) =>
        states.map((state) => [endpoint, role, state, expected(endpoint, role, state), request] as const),
      ),
    );

    it.each(cells)('%s as %s on a %s memory → %i', async (_endpoint, role, state, status, request) => {
      const memory = await memoryIn(state);
      const [method, url, body] = request(memory);

      const answer = await call<Memory>(method, url, who(role), body);

      expect(answer.status).toBe(status);
      if (status === 404) {
        expect(answer.body).toEqual({
          success: false,
          message: 'Memory not found',
          error: { code: 'MEMORY_NOT_FOUND', detail: { id: memory.id } },
        });
      }
      if (status === 409)
        expect(answer.body.error).toEqual({ code: 'MEMORY_VERSION_CONFLICT', detail: { current: memory } });
      if (status !== 200) {
        // Nothing changed: the owner still sees it exactly as before.
        const after = await call<Memory>('GET', `/memories/memory/${memory.id}`, users.owner);
        expect(after.body.data).toMatchObject({
          title: memory.title,
          isDraft: memory.isDraft,
          sharedWith: memory.sharedWith,
        });
      }
    });

    // Lists: who finds the memory in which list (every list answers 401 without a token).
    const lists: Array<[string, (m: Memory) => string, (role: Role, state: State) => boolean]> = [
      ['GET my', () => '/memories/my?size=100', (role) => role === 'owner'],
      ['GET search', (m) => `/memories/search?q=matrix&tags=${m.tags[0]}`, (role) => role === 'owner'],
      ['GET tags', () => '/memories/tags', (role) => role === 'owner'],
      ['GET shared', () => '/memories/shared?size=100', (role, state) => role === 'recipient' && state === 'shared'],
    ];
    const listCells = lists.flatMap(([endpoint, url, sees]) =>
      roles.flatMap((role) => states.map((state) => [endpoint, role, state, sees(role, state), url] as const)),
    );

    it.each(listCells)('%s as %s with a %s memory → listed: %s', async (_endpoint, role, state, listed, url) => {
      const memory = await memoryIn(state);

      const answer = await call<Array<Memory | string>>('GET', url(memory), who(role));

      if (role === 'anonymous') {
        expect(answer.status).toBe(401);
        return;
      }
      expect(answer.status).toBe(200);
      const found = answer.body.data.some((item) =>
        typeof item === 'string' ? item === memory.tags[0] : item.id === memory.id,
      );
      expect(found).toBe(listed);
    });

    // Looking back: each memory on a day of its own (a year no other memory uses), so that only the owner's answers
    // about that day, that year or that streak can show it; nobody else sees its date or counts it.
    let lastYear = 1600;
    const dayOfItsOwn = () => `${lastYear++}-03-15`;
    const nextYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
    const lookingBack: Array<[string, (day: string) => string, (data: never, memory: Memory, day: string) => boolean]> =
      [
        [
          'GET on-this-day',
          (day) => `/memories/on-this-day?date=${nextYear(day)}`,
          (data: Array<{ id: string }>, memory) => data.some((found) => found.id === memory.id),
        ],
        [
          'GET calendar',
          (day) => `/memories/calendar?from=${day}&to=${day}`,
          (data: Array<{ date: string; count: number }>, _memory, day) => data.some((found) => found.date === day),
        ],
        [
          'GET timeline',
          (day) => `/memories/timeline?until=${day}&size=1`,
          (data: { entries: Array<{ id: string }> }, memory) => data.entries.some((found) => found.id === memory.id),
        ],
        [
          'GET years',
          () => '/memories/years',
          (data: Array<{ year: number }>, _memory, day) => data.some((found) => found.year === Number(day.slice(0, 4))),
        ],
        [
          'GET stats',
          (day) => `/memories/stats?date=${day}`,
          (data: { currentStreak: number }) => data.currentStreak > 0,
        ],
      ];
    const lookingBackCells = lookingBack.flatMap(([endpoint, url, sees]) =>
      roles.flatMap((role) => states.map((state) => [endpoint, role, state, role === 'owner', url, sees] as const)),
    );

    it.each(lookingBackCells)(
      '%s as %s with a %s memory → sees its date: %s',
      async (_endpoint, role, state, visible, url, sees) => {
        const day = dayOfItsOwn();
        const memory = await memoryIn(state, { date: day });

        const answer = await call<never>('GET', url(day), who(role));

        if (role === 'anonymous') {
          expect(answer.status).toBe(401);
          return;
        }
        expect(answer.status).toBe(200);
        expect(sees(answer.body.data, memory, day)).toBe(visible);
      },
    );

    it.each(roles)("GET random as %s answers only one of the caller's own memories", async (role) => {
      await memoryIn('shared');

      const answer = await call<{ id: string } | null>('GET', '/memories/random', who(role));

      if (role === 'anonymous') {
        expect(answer.status).toBe(401);
        return;
      }
      expect(answer.status).toBe(200);
      if (answer.body.data === null) return;
      const read = await call<Memory>('GET', `/memories/memory/${answer.body.data.id}`, who(role));
      expect(read.body.data.userEmail).toBe(users[role].email);
    });

    it('answers 401 to a create without a token', async () => {
      expect((await call('POST', '/memories/memory', undefined, input('Nope'))).status).toBe(401);
    });
  });

  describe('version history', () => {
    type Version = {
      id: string;
      replacedBy: string;
      title: string;
      isDraft: boolean;
      wordCount: number;
      wordCountDelta: number | null;
    };
    const versionsOf = async (id: string, user: TestUser = users.owner) =>
      (await call<Version[]>('GET', `/memories/memory/${id}/versions?size=100`, user)).body.data;
    const save = (id: string, title: string, text: string, options: { autoSave?: boolean; isDraft?: boolean } = {}) =>
      call<Memory>(
        'PUT',
        `/memories/memory/${id}${options.autoSave ? '?autoSave=true' : ''}`,
        users.owner,
        input(title, { contentJson: doc(text), isDraft: options.isDraft ?? true }),
      );
    async function sql<T>(text: string, values: unknown[]): Promise<T[]> {
      const client = new Client({ connectionString: postgres.url });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as T[];
      } finally {
        await client.end();
      }
    }

    it('keeps the previous version on every save that changes something, publish included, newest first with word deltas', async () => {
      const memory = await createAs(users.owner, input('Lake', { contentJson: doc('We rowed') }));

      await save(memory.id, 'Lake', 'We rowed across the lake');
      await save(memory.id, 'Lake', 'We rowed across the lake');
      await call('POST', `/memories/memory/${memory.id}/publish`, users.owner);

      const versions = await versionsOf(memory.id);
      expect(
        versions.map(({ replacedBy, isDraft, wordCount, wordCountDelta }) => ({
          replacedBy,
          isDraft,
          wordCount,
          wordCountDelta,
        })),
      ).toEqual([
        { replacedBy: 'save', isDraft: true, wordCount: 5, wordCountDelta: 3 },
        { replacedBy: 'save', isDraft: true, wordCount: 2, wordCountDelta: null },
      ]);
    });

    it('collapses auto-saves within 10 minutes into one version; a manual save closes the window', async () => {
      const memory = await createAs(users.owner, input('Notes', { contentJson: doc('one') }));
      const count = async () => (await versionsOf(memory.id)).length;

      await save(memory.id, 'Notes', 'one two', { autoSave: true });
      await save(memory.id, 'Notes', 'one two three', { autoSave: true });
      expect(await count()).toBe(1);
      await save(memory.id, 'Notes', 'one two three');
      await save(memory.id, 'Notes', 'one two three four', { autoSave: true });
      expect(await count()).toBe(2);
      await save(memory.id, 'Notes', 'one two three four five', { autoSave: true });
      expect(await count()).toBe(2);
      // Ten minutes later (the window is moved rather than waited for): the next auto-save keeps a version again.
      await sql(`UPDATE memory.memories SET history_collapse_until = now() - interval '1 second' WHERE id = $1`, [
        memory.id,
      ]);
      await save(memory.id, 'Notes', 'one two three four five six', { autoSave: true });

      expect((await versionsOf(memory.id)).map((version) => version.wordCount)).toEqual([5, 3, 1]);
    });

    it('shows a version rendered from its document next to the current text', async () => {
      const memory = await createAs(
        users.owner,
        input('Pier', { contentJson: doc('Gulls on the pier'), tags: ['sea'] }),
      );
      await save(memory.id, 'Pier at night', 'Lights on the pier');
      const [kept] = await versionsOf(memory.id);

      const answer = await call<Record<string, unknown>>(
        'GET',
        `/memories/memory/${memory.id}/versions/${kept.id}`,
        users.owner,
      );

      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        id: kept.id,
        memoryId: memory.id,
        title: 'Pier',
        tags: ['sea'],
        contentHtml: '<p>Gulls on the pier</p>',
        contentText: 'Gulls on the pier',
        current: { title: 'Pier at night', contentText: 'Lights on the pier', tags: [] },
      });
    });

    it('restores a version as a new version, and the restore can be undone', async () => {
      const memory = await createAs(users.owner, input('Trip', { contentJson: doc('first draft') }));
      await save(memory.id, 'Trip', 'second draft');
      await save(memory.id, 'Trip', 'third draft');
      const first = (await versionsOf(memory.id)).at(-1)!;

      const restored = await call<{ memory: Memory; undoVersionId: string }>(
        'POST',
        `/memories/memory/${memory.id}/versions/${first.id}/restore`,
        users.owner,
      );

      expect(restored).toMatchObject({
        status: 200,
        body: { success: true, message: 'Version restored', data: { memory: { contentHtml: '<p>first draft</p>' } } },
      });
      const afterRestore = await versionsOf(memory.id);
      expect(afterRestore[0]).toMatchObject({ id: restored.body.data.undoVersionId, replacedBy: 'restore' });
      expect(afterRestore).toHaveLength(3);

      const undone = await call<{ memory: Memory }>(
        'POST',
        `/memories/memory/${memory.id}/versions/${restored.body.data.undoVersionId}/restore`,
        users.owner,
      );
      expect(undone.body.data.memory.contentHtml).toBe('<p>third draft</p>');
      expect(await versionsOf(memory.id)).toHaveLength(4);
    });

    it('keeps the newest 100 versions and every version of the last 30 days', async () => {
      const memory = await createAs(users.owner, input('Diary', { contentJson: doc('day') }));
      const age = (count: number, interval: string) =>
        sql(
          `INSERT INTO memory.memory_versions (memory_id, title, date, content_json, content_text, tags, is_draft, thumbnail_url,
             image_sources, word_count, saved_at, replaced_at, replaced_by)
           SELECT $1, 'Diary', '2024-05-01', '{"type":"doc"}', '', '{}', true, '', '{}', 0, now() - $3::interval - n * interval '1 minute',
             now() - $3::interval - n * interval '1 minute', 'save'
           FROM generate_series(1, $2) n`,
          [memory.id, count, interval],
        );
      await age(150, '40 days');

      await save(memory.id, 'Diary', 'day one');
      const [{ total: afterOld }] = await sql<{ total: number }>(
        `SELECT count(*)::int AS total FROM memory.memory_versions WHERE memory_id = $1`,
        [memory.id],
      );
      await age(120, '1 day');
      await save(memory.id, 'Diary', 'day two');
      const [{ total: afterRecent }] = await sql<{ total: number }>(
        `SELECT count(*)::int AS total FROM memory.memory_versions WHERE memory_id = $1`,
        [memory.id],
      );

      expect(afterOld).toBe(100);
      expect(afterRecent).toBe(122);
    });

    it('deletes the history with the memory and announces the images its versions used', async () => {
      const oldImage = '/api/files/owner/kept-by-history.png';
      const memory = await createAs(users.owner, input('Shed', { contentJson: doc('shed', [oldImage]) }));
      await save(memory.id, 'Shed', 'empty shed');
      const subscription = bus.subscribe(MEMORY_EVENTS.deleted, { max: 1 });
      await bus.flush();

      await call('DELETE', `/memories/memory/${memory.id}`, users.owner);

      for await (const message of subscription) {
        const event = (JSON.parse(new TextDecoder().decode(message.data)) as { data: { payload: MemoryDeletedEvent } })
          .data.payload;
        expect(event).toMatchObject({ memoryId: memory.id, imageSources: [oldImage] });
      }
      expect(await sql(`SELECT 1 FROM memory.memory_versions WHERE memory_id = $1`, [memory.id])).toEqual([]);
    });

    it('answers 404 for a version the memory does not have, and 400 for a malformed version id', async () => {
      const memory = await createAs(users.owner, input('Field'));

      const missing = await call('GET', `/memories/memory/${memory.id}/versions/${randomUUID()}`, users.owner);
      const malformed = await call('POST', `/memories/memory/${memory.id}/versions/42/restore`, users.owner);

      expect(missing).toMatchObject({
        status: 404,
        body: { success: false, message: 'Version not found', error: { code: 'MEMORY_VERSION_NOT_FOUND' } },
      });
      expect(malformed).toMatchObject({ status: 400, body: { success: false } });
      expect(malformed.body.message).toContain('versionId must be a version id (UUID)');
    });

    describe('authorization matrix', () => {
      type Role = 'owner' | 'recipient' | 'stranger' | 'anonymous';
      type State = 'draft' | 'published' | 'shared';
      const endpoints: Array<[string, (m: Memory, versionId: string) => [string, string]]> = [
        ['GET versions', (m) => ['GET', `/memories/memory/${m.id}/versions`]],
        ['GET version', (m, versionId) => ['GET', `/memories/memory/${m.id}/versions/${versionId}`]],
        ['POST restore', (m, versionId) => ['POST', `/memories/memory/${m.id}/versions/${versionId}/restore`]],
      ];
      const cells = endpoints.flatMap(([endpoint, request]) =>
        (['owner', 'recipient', 'stranger', 'anonymous'] as Role[]).flatMap((role) =>
          (['draft', 'published', 'shared'] as State[]).map((state) => {
            // Recipients see only the current version: the history is the owner's alone.
            const status = role === 'anonymous' ? 401 : role === 'owner' ? 200 : 404;
            return [endpoint, role, state, status, request] as const;
          }),
        ),
      );

      it.each(cells)('%s as %s on a %s memory → %i', async (_endpoint, role, state, status, request) => {
        const memory = await createAs(
          users.owner,
          input(`History ${state}`, {
            isDraft: state === 'draft',
            sharedWith: state === 'shared' ? [users.recipient.id] : [],
          }),
        );
        await save(memory.id, `History ${state} edited`, 'edited', { isDraft: state === 'draft' });
        const [version] = await versionsOf(memory.id);
        const [method, url] = request(memory, version.id);

        const answer = await call(method, url, role === 'anonymous' ? undefined : users[role]);

        expect(answer.status).toBe(status);
        if (status === 404) {
          expect(answer.body).toEqual({
            success: false,
            message: 'Memory not found',
            error: { code: 'MEMORY_NOT_FOUND', detail: { id: memory.id } },
          });
        }
        if (status !== 200) expect((await versionsOf(memory.id)).map((kept) => kept.id)).toEqual([version.id]);
      });
    });
  });
});
