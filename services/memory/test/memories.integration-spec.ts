import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import {
  MEMORY_EVENTS,
  MEMORY_SUBJECTS,
  type BusRequestMap,
  type BusRequestSubject,
  type MemoryDeletedEvent,
  type MemoryInput,
} from '@memories/contracts';
import { bootstrapService, createBusClient, migrateService } from '@memories/nest-common';
import {
  getFreePort,
  requestAs,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

const OWNER = randomUUID();
const FRIEND = randomUUID();
const STRANGER = randomUUID();
const FILES = '/api/files/';

const doc = (text: string, images: string[] = []) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Notes' }] },
    { type: 'paragraph', content: [{ type: 'text', text }] },
    ...images.map((src) => ({ type: 'image', attrs: { src } })),
  ],
});

const memory = (title: string, change: Partial<MemoryInput> = {}): MemoryInput => ({
  title,
  date: '2024-05-01',
  contentJson: JSON.stringify(doc(`${title} was a good day`)),
  tags: [],
  isDraft: true,
  thumbnailUrl: '',
  sharedWith: [],
  ...change,
});

describe('memory service over NATS against PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let client: ReturnType<typeof createBusClient>;
  let events: NatsConnection;

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ) => requestAs(client, subject, userId, payload);

  const create = (userId: string, input: MemoryInput) =>
    ask(MEMORY_SUBJECTS.create, userId, { memory: input, ownerEmail: `${userId.slice(0, 8)}@example.com` });

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
      FILE_URL_PREFIX: FILES,
    };
    await migrateService(memoryServiceDescriptor, env);
    app = await bootstrapService(memoryServiceDescriptor, env);
    client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'memories-test' });
    await client.connect();
    events = await connect({ servers: nats.url });
  });

  afterAll(async () => {
    await events?.close();
    await client?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('stores a memory with content derived from contentJson and reads it back', async () => {
    const image = `${FILES}${OWNER}/a.png`;
    const created = await create(OWNER, {
      ...memory('Harbour walk', { tags: ['sea', ' walk ', 'sea'] }),
      contentJson: JSON.stringify(doc('Boats and <gulls>', [image, 'https://evil.example/x.png'])),
      contentHtml: '<img src=x onerror=alert(1)>',
      thumbnailUrl: image,
    });

    expect(created).toMatchObject({
      title: 'Harbour walk',
      date: '2024-05-01T12:00:00',
      tags: ['sea', 'walk'],
      isDraft: true,
      thumbnailUrl: image,
      sharedWith: [],
      userEmail: `${OWNER.slice(0, 8)}@example.com`,
      viewCount: 0,
      likeCount: 0,
      commentCount: 0,
      wordCount: 4,
      readingTime: 1,
    });
    expect(created.contentHtml).toContain('Boats and &lt;gulls&gt;');
    expect(created.contentHtml).not.toMatch(/onerror|evil\.example/);
    expect(JSON.parse(created.contentJson).content).toHaveLength(3);
    await expect(ask(MEMORY_SUBJECTS.get, OWNER, { id: created.id })).resolves.toEqual(created);
  });

  it('updates, publishes and refuses a thumbnail that is not in the content', async () => {
    const created = await create(OWNER, memory('Draft'));

    const updated = await ask(MEMORY_SUBJECTS.update, OWNER, {
      id: created.id,
      memory: memory('Final', { date: '2024-06-02T09:15:00' }),
    });
    const published = await ask(MEMORY_SUBJECTS.publish, OWNER, { id: created.id });

    expect(updated).toMatchObject({ title: 'Final', date: '2024-06-02T09:15:00', isDraft: true });
    expect(published.isDraft).toBe(false);
    expect(Date.parse(published.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    await expect(
      ask(MEMORY_SUBJECTS.update, OWNER, {
        id: created.id,
        memory: memory('Final', { thumbnailUrl: `${FILES}other.png` }),
      }),
    ).rejects.toMatchObject({ code: 'MEMORY_THUMBNAIL_INVALID' });
  });

  it('lets a share recipient read (counting views) and nothing else, and hides the memory from strangers', async () => {
    const created = await create(OWNER, memory('Shared picnic'));
    const shared = await ask(MEMORY_SUBJECTS.share, OWNER, { id: created.id, userIds: [FRIEND] });

    expect(shared.sharedWith).toEqual([FRIEND]);
    await expect(ask(MEMORY_SUBJECTS.get, FRIEND, { id: created.id })).resolves.toMatchObject({ viewCount: 1 });
    await expect(ask(MEMORY_SUBJECTS.get, FRIEND, { id: created.id })).resolves.toMatchObject({ viewCount: 2 });
    await expect(ask(MEMORY_SUBJECTS.get, OWNER, { id: created.id })).resolves.toMatchObject({ viewCount: 2 });
    await expect(ask(MEMORY_SUBJECTS.publish, FRIEND, { id: created.id })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
    await expect(ask(MEMORY_SUBJECTS.get, STRANGER, { id: created.id })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
      message: 'Memory not found',
    });
    const inbox = await ask(MEMORY_SUBJECTS.shared, FRIEND, {});
    expect(inbox.items.map((m) => m.title)).toEqual(['Shared picnic']);
  });

  it('filters, sorts and pages the owner list', async () => {
    const user = randomUUID();
    for (const [title, date, tags, isDraft] of [
      ['Beta', '2023-01-10', ['work'], false],
      ['alpha', '2023-02-10', ['work', 'travel'], true],
      ['Gamma', '2023-03-10', ['travel'], false],
    ] as const) {
      await create(user, memory(title, { date, tags: [...tags], isDraft }));
    }

    const newest = await ask(MEMORY_SUBJECTS.list, user, { size: 2 });
    const byTitle = await ask(MEMORY_SUBJECTS.list, user, { sortBy: 'title' });
    const filtered = await ask(MEMORY_SUBJECTS.list, user, { tags: ['travel'], isDraft: false });
    const inRange = await ask(MEMORY_SUBJECTS.list, user, {
      dateFrom: '2023-02-10',
      dateTo: '2023-03-09',
      title: 'ALP',
    });

    expect(newest.items.map((m) => m.title)).toEqual(['Gamma', 'alpha']);
    expect(newest.pagination).toEqual({
      currentPage: 0,
      pageSize: 2,
      totalPages: 2,
      totalElements: 3,
      hasPrevious: false,
      hasNext: true,
    });
    expect(byTitle.items.map((m) => m.title.toLowerCase())).toEqual(['alpha', 'beta', 'gamma']);
    expect(filtered.items.map((m) => m.title)).toEqual(['Gamma']);
    expect(inRange.items.map((m) => m.title)).toEqual(['alpha']);
    await expect(ask(MEMORY_SUBJECTS.tags, user, {})).resolves.toEqual({ tags: ['travel', 'work'] });
  });

  it('keeps list totals and the tag list exact through create, retag, publish and delete (counters kept by the database)', async () => {
    const user = randomUUID();
    const totals = async (query: BusRequestMap[typeof MEMORY_SUBJECTS.list]['payload']) =>
      (await ask(MEMORY_SUBJECTS.list, user, { ...query, size: 1 })).pagination.totalElements;
    const snapshot = async () => ({
      all: await totals({}),
      drafts: await totals({ isDraft: true }),
      published: await totals({ isDraft: false }),
      sea: await totals({ tags: ['sea'] }),
      seaDrafts: await totals({ tags: ['sea'], isDraft: true }),
      // Two tags and a title are not counters: these count rows, and must agree with them.
      seaAndSun: await totals({ tags: ['sea', 'sun'] }),
      titled: await totals({ title: 'day' }),
      tags: (await ask(MEMORY_SUBJECTS.tags, user, {})).tags,
    });
    const first = await create(user, memory('Day one', { tags: ['sea', 'sun'] }));
    const second = await create(user, memory('Day two', { tags: ['sea'], isDraft: false }));
    await create(user, memory('Evening', { tags: ['rain'] }));
    await create(randomUUID(), memory('Someone else', { tags: ['sea'] }));

    const created = await snapshot();
    await ask(MEMORY_SUBJECTS.update, user, { id: first.id, memory: memory('Day one', { tags: ['sun'] }) });
    await ask(MEMORY_SUBJECTS.publish, user, { id: first.id });
    const changed = await snapshot();
    await ask(MEMORY_SUBJECTS.delete, user, { id: second.id });
    const deleted = await snapshot();

    expect(created).toEqual({
      all: 3,
      drafts: 2,
      published: 1,
      sea: 2,
      seaDrafts: 1,
      seaAndSun: 1,
      titled: 2,
      tags: ['rain', 'sea', 'sun'],
    });
    expect(changed).toEqual({
      all: 3,
      drafts: 1,
      published: 2,
      sea: 1,
      seaDrafts: 0,
      seaAndSun: 0,
      titled: 2,
      tags: ['rain', 'sea', 'sun'],
    });
    expect(deleted).toEqual({
      all: 2,
      drafts: 1,
      published: 1,
      sea: 0,
      seaDrafts: 0,
      seaAndSun: 0,
      titled: 1,
      tags: ['rain', 'sun'],
    });
    await expect(ask(MEMORY_SUBJECTS.list, randomUUID(), {})).resolves.toMatchObject({
      items: [],
      pagination: { totalElements: 0 },
    });
  });

  it('answers the exact total on a page past the end of the list, for every kind of total', async () => {
    const user = randomUUID();
    await create(user, memory('Day one', { tags: ['sea', 'sun'] }));
    await create(user, memory('Day two', { tags: ['sea'], isDraft: false }));
    await create(user, memory('Evening', { tags: ['rain'] }));
    const pastTheEnd = async (query: BusRequestMap[typeof MEMORY_SUBJECTS.list]['payload']) => {
      const { items, pagination } = await ask(MEMORY_SUBJECTS.list, user, { ...query, page: 7, size: 2 });
      return { items: items.length, total: pagination.totalElements };
    };

    // From the counters (no filter, isDraft, one tag, one tag with isDraft), then counted rows (two tags, a title).
    await expect(pastTheEnd({})).resolves.toEqual({ items: 0, total: 3 });
    await expect(pastTheEnd({ isDraft: true })).resolves.toEqual({ items: 0, total: 2 });
    await expect(pastTheEnd({ tags: ['sea'] })).resolves.toEqual({ items: 0, total: 2 });
    await expect(pastTheEnd({ tags: ['sea'], isDraft: false })).resolves.toEqual({ items: 0, total: 1 });
    await expect(pastTheEnd({ tags: ['sea', 'sun'] })).resolves.toEqual({ items: 0, total: 1 });
    await expect(pastTheEnd({ title: 'day', isDraft: true })).resolves.toEqual({ items: 0, total: 1 });
  });

  it('can answer the title filter from the owner-and-trigram index', async () => {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      // A test table is too small for the planner to prefer any index (and the owner alone would pick the owner's
      // b-tree): a sequential scan is ruled out and the substring asked alone, which only trigrams can answer.
      await db.query('SET enable_seqscan = off');
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT count(*) FROM memory.memories m WHERE m.title ILIKE $1`,
        ['%lighthouse%'],
      );
      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('memories_user_title_trgm_idx');
    } finally {
      await db.end();
    }
  });

  it('searches title and text with a prefix on the last word, title matches first', async () => {
    const user = randomUUID();
    await create(user, memory('Lighthouse', { contentJson: JSON.stringify(doc('we climbed the stairs')) }));
    await create(user, memory('Market day', { contentJson: JSON.stringify(doc('fresh bread near the lighthouses')) }));
    await create(user, memory('Quiet evening', { contentJson: JSON.stringify(doc('nothing happened')) }));

    const prefix = await ask(MEMORY_SUBJECTS.search, user, { q: 'lightho' });
    const titleOnly = await ask(MEMORY_SUBJECTS.search, user, { title: 'market' });
    const injection = await ask(MEMORY_SUBJECTS.search, user, { q: "') | !(" });

    expect(prefix.items.map((m) => m.title)).toEqual(['Lighthouse', 'Market day']);
    expect(prefix.pagination.totalElements).toBe(2);
    expect(titleOnly.items.map((m) => m.title)).toEqual(['Market day']);
    expect(injection.items).toEqual([]);
  });

  it('deletes only for the owner and announces the deleted images on memory.memory.deleted', async () => {
    const image = `${FILES}${OWNER}/gone.png`;
    const created = await create(OWNER, { ...memory('To delete'), contentJson: JSON.stringify(doc('bye', [image])) });
    const received = new Promise<MemoryDeletedEvent>((resolve) => {
      const subscription = events.subscribe(MEMORY_EVENTS.deleted, { max: 1 });
      void (async () => {
        for await (const message of subscription) {
          resolve(
            (JSON.parse(new TextDecoder().decode(message.data)) as { data: { payload: MemoryDeletedEvent } }).data
              .payload,
          );
        }
      })();
    });
    await events.flush();

    await expect(ask(MEMORY_SUBJECTS.delete, FRIEND, { id: created.id })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
    await expect(ask(MEMORY_SUBJECTS.delete, OWNER, { id: created.id })).resolves.toEqual({
      id: created.id,
      imageSources: [image],
    });

    await expect(received).resolves.toMatchObject({ memoryId: created.id, ownerId: OWNER, imageSources: [image] });
    await expect(ask(MEMORY_SUBJECTS.get, OWNER, { id: created.id })).rejects.toMatchObject({
      code: 'MEMORY_NOT_FOUND',
    });
  });

  it('validates payloads again in the service', async () => {
    await expect(ask(MEMORY_SUBJECTS.get, OWNER, { id: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(ask(MEMORY_SUBJECTS.list, OWNER, { size: 101 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(ask(MEMORY_SUBJECTS.list, undefined, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps the search vector and the list indexes in the schema', async () => {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT indexname FROM pg_indexes WHERE schemaname = 'memory' ORDER BY indexname`,
      );
      expect(rows.map((row) => row.indexname)).toEqual(
        expect.arrayContaining([
          'memories_user_search_idx',
          'memories_user_tags_idx',
          'memories_user_title_trgm_idx',
          'memories_user_created_idx',
          'memories_user_title_idx',
          'memory_shares_user_idx',
        ]),
      );
    } finally {
      await db.end();
    }
  });
});
