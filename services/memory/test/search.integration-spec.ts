import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import {
  MEMORY_REDISCOVERY_SUBJECTS,
  MEMORY_SUBJECTS,
  type BusRequestMap,
  type BusRequestSubject,
  type MemoryInput,
  type MemorySearchQuery,
} from '@memories/contracts';
import { bootstrapService, createBusClient, migrateDatabase, migrateService } from '@memories/nest-common';
import {
  getFreePort,
  requestAs,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';
import { MEMORY_MIGRATIONS } from '../src/database/memory.migrations';

// Search as the service answers it over NATS against PostgreSQL: the syntax, ranking, snippets, filters with a
// query, accents, other languages, "Did you mean", and a memory written before this search existed.

/** The migrations of the first release, before the search read every language. */
const FIRST_RELEASE_MIGRATIONS = MEMORY_MIGRATIONS.slice(0, 4);
const LEGACY_OWNER = randomUUID();

const doc = (...paragraphs: string[]) =>
  JSON.stringify({
    type: 'doc',
    content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
  });

const memory = (title: string, text: string, change: Partial<MemoryInput> = {}): MemoryInput => ({
  title,
  date: '2024-05-01',
  contentJson: doc(text),
  tags: [],
  isDraft: false,
  ...change,
});

describe('memory search over NATS against PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let client: ReturnType<typeof createBusClient>;
  let db: Client;

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ) => requestAs(client, subject, userId, payload);
  const create = (userId: string, input: MemoryInput) =>
    ask(MEMORY_SUBJECTS.create, userId, { memory: input, ownerEmail: 'owner@example.com' });
  const search = (userId: string, query: MemorySearchQuery) => ask(MEMORY_SUBJECTS.search, userId, query);
  const titles = async (userId: string, query: MemorySearchQuery) =>
    (await search(userId, query)).items.map((hit) => hit.title);

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    // A memory stored by the first release (English search vector, no word list), then this release's migrations.
    await migrateDatabase({ url: postgres.url, schema: 'memory', migrations: FIRST_RELEASE_MIGRATIONS });
    db = new Client({ connectionString: postgres.url });
    await db.connect();
    await db.query(
      `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags, is_draft)
       VALUES ($1, 'legacy@example.com', 'Crème brûlée', '2019-07-14T12:00:00', '{}', '<p>x</p>', 'Un après-midi au café de Flore', '{}', false)`,
      [LEGACY_OWNER],
    );
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
    };
    await migrateService(memoryServiceDescriptor, env);
    app = await bootstrapService(memoryServiceDescriptor, env);
    client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'search-test' });
    await client.connect();
  });

  afterAll(async () => {
    await db?.end();
    await client?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  it('finds a memory of the first release by any word, accents or not, knows its words and counts its day', async () => {
    await expect(titles(LEGACY_OWNER, { q: 'cafe ' })).resolves.toEqual(['Crème brûlée']);
    await expect(titles(LEGACY_OWNER, { q: 'CREME Brulee ' })).resolves.toEqual(['Crème brûlée']);
    await expect(titles(LEGACY_OWNER, { q: 'après-midi ' })).resolves.toEqual(['Crème brûlée']);
    await expect(search(LEGACY_OWNER, { q: 'flor ' })).resolves.toMatchObject({ items: [], suggestion: 'flore' });
    await expect(
      ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, LEGACY_OWNER, { from: '2019-07-01', to: '2019-07-31' }),
    ).resolves.toEqual([{ date: '2019-07-14', count: 1, mood: null }]);
  });

  it('finds a word that is only in the text, with the match marked in an escaped snippet', async () => {
    const user = randomUUID();
    const long = `${'The tide went out and came back. '.repeat(12)}We found a sea-glass marble (2 < 3 & "round") on the sand. ${'Gulls everywhere. '.repeat(12)}Home by dark.`;
    await create(user, memory('Beach day', long));

    const [hit] = (await search(user, { q: 'marble' })).items;

    expect(hit.title).toBe('Beach day');
    expect(hit.highlight).toContain('<mark>marble</mark>');
    expect(hit.highlight).toContain('(2 &lt; 3 &amp; &quot;round&quot;)');
    expect(hit.highlight).toMatch(/^… .* …$/);
    expect(hit.highlight.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('ranks title matches above text matches, and more matches above fewer', async () => {
    const user = randomUUID();
    await create(user, memory('Notes', 'we saw one lighthouse'));
    await create(user, memory('Lighthouse keeper', 'a tall tower'));
    await create(user, memory('Coast', 'lighthouse after lighthouse after lighthouse'));

    await expect(titles(user, { q: 'lighthouse ' })).resolves.toEqual(['Lighthouse keeper', 'Coast', 'Notes']);
    await expect(titles(user, { q: 'lighthouse ', sortBy: 'title' })).resolves.toEqual([
      'Coast',
      'Lighthouse keeper',
      'Notes',
    ]);
  });

  it('reads phrases, exclusions, OR and the prefix of the word being typed', async () => {
    const user = randomUUID();
    await create(user, memory('One', 'a walk by the sea'));
    await create(user, memory('Two', 'the sea by a walk'));
    await create(user, memory('Three', 'rain at the harbour'));

    await expect(titles(user, { q: '"walk by the sea"' })).resolves.toEqual(['One']);
    await expect(titles(user, { q: 'sea -"by a walk"' })).resolves.toEqual(['One']);
    await expect(titles(user, { q: 'harbour OR "the sea by" ', sortBy: 'title' })).resolves.toEqual(['Three', 'Two']);
    await expect(titles(user, { q: 'harb' })).resolves.toEqual(['Three']);
    await expect(titles(user, { q: 'harb ' })).resolves.toEqual([]);
  });

  it("also matches the owner's other English forms of a word, and ranks the exact word as well", async () => {
    const user = randomUUID();
    await create(user, memory('Walked', 'we walked for hours'));
    await create(user, memory('Walking', 'walking in the hills'));
    await create(user, memory('Walker', 'a walker passed by'));

    await expect(titles(user, { q: 'walking ', sortBy: 'title' })).resolves.toEqual(['Walked', 'Walking']);
  });

  it('applies the operators and the list filters together with the words', async () => {
    const user = randomUUID();
    const image = '/api/files/x/boat.png';
    await create(
      user,
      memory('Old boat', 'boats in the harbour', { date: '2023-03-10', tags: ['sea'], isDraft: true }),
    );
    await create(user, memory('New boat', 'boats again', { date: '2024-03-10', tags: ['sea', 'trip'] }));
    await create(user, {
      ...memory('Boat photo', 'boats', { date: '2024-06-01', tags: ['trip'] }),
      contentJson: JSON.stringify({
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'boats' }] },
          { type: 'image', attrs: { src: image } },
        ],
      }),
    });
    const sorted = { sortBy: 'title' as const };

    await expect(titles(user, { q: 'boats tag:sea', ...sorted })).resolves.toEqual(['New boat', 'Old boat']);
    await expect(titles(user, { q: 'boats -tag:sea', ...sorted })).resolves.toEqual(['Boat photo']);
    await expect(titles(user, { q: 'boats is:draft' })).resolves.toEqual(['Old boat']);
    await expect(titles(user, { q: 'boats is:published', ...sorted })).resolves.toEqual(['Boat photo', 'New boat']);
    await expect(titles(user, { q: 'boats has:image' })).resolves.toEqual(['Boat photo']);
    await expect(titles(user, { q: 'boats after:2023-03-10 before:2024-06-01' })).resolves.toEqual(['New boat']);
    await expect(titles(user, { q: 'boats ', tags: ['trip'], dateFrom: '2024-06-01', ...sorted })).resolves.toEqual([
      'Boat photo',
    ]);
    await expect(titles(user, { q: 'boats ', isDraft: false, sortBy: 'date', sortDirection: 'asc' })).resolves.toEqual([
      'New boat',
      'Boat photo',
    ]);
    await expect(titles(user, { q: 'tag:trip', ...sorted })).resolves.toEqual(['Boat photo', 'New boat']);
    await expect(titles(user, { sortBy: 'date', sortDirection: 'asc' })).resolves.toEqual([
      'Old boat',
      'New boat',
      'Boat photo',
    ]);
    await expect(search(user, {})).resolves.toMatchObject({
      items: [{ highlight: 'boats' }, { highlight: 'boats again' }, { highlight: 'boats in the harbour' }],
    });
  });

  it('keeps other languages whole: no English stop words dropped, no English stemming of their words', async () => {
    const user = randomUUID();
    await create(user, memory('Berlin', 'Ich will nach Hause, alles war gut. Die Häuser am Fluss.'));
    await create(user, memory('Paris', 'Nous avons mangé une crêpe près de la Seine'));

    await expect(titles(user, { q: 'will ' })).resolves.toEqual(['Berlin']);
    await expect(titles(user, { q: 'war ' })).resolves.toEqual(['Berlin']);
    await expect(titles(user, { q: 'hauser ' })).resolves.toEqual(['Berlin']);
    await expect(titles(user, { q: 'all ' })).resolves.toEqual([]);
    await expect(titles(user, { q: 'crepe pres ' })).resolves.toEqual(['Paris']);
  });

  it('suggests the closest words of the owner (never of someone else) when nothing matched', async () => {
    const user = randomUUID();
    const other = randomUUID();
    await create(user, memory('Hike', 'up the mountain to the glacier'));
    await create(other, memory('Other', 'mountains and mountaineering'));

    await expect(search(user, { q: 'mountian glacer' })).resolves.toMatchObject({
      items: [],
      suggestion: 'mountain glacier',
    });
    await expect(search(user, { q: 'tag:hike mountian ' })).resolves.toMatchObject({ suggestion: 'tag:hike mountain' });
    await expect(search(user, { q: 'mountain glacier tower' })).resolves.not.toHaveProperty('suggestion');
    await expect(search(user, { q: 'glacier' })).resolves.not.toHaveProperty('suggestion');
  });

  it('keeps the word list in step with edits and deletes', async () => {
    const user = randomUUID();
    const created = await create(user, memory('Trip', 'kayaking on the fjord'));
    const words = async () =>
      (
        await db.query<{ word: string; memories: number }>(
          `SELECT word, memories FROM memory.owner_words WHERE user_id = $1 ORDER BY word`,
          [user],
        )
      ).rows;

    await create(user, memory('Again', 'the fjord'));
    expect(await words()).toEqual(
      expect.arrayContaining([
        { word: 'fjord', memories: 2 },
        { word: 'kayaking', memories: 1 },
        { word: 'trip', memories: 1 },
      ]),
    );
    await ask(MEMORY_SUBJECTS.update, user, { id: created.id, memory: memory('Trip', 'snorkelling on the fjord') });
    await ask(MEMORY_SUBJECTS.publish, user, { id: created.id });
    expect((await words()).map((row) => row.word)).not.toContain('kayaking');
    expect(await words()).toEqual(
      expect.arrayContaining([
        { word: 'snorkelling', memories: 1 },
        { word: 'fjord', memories: 2 },
      ]),
    );
    await ask(MEMORY_SUBJECTS.delete, user, { id: created.id });
    expect(await words()).toEqual([
      { word: 'again', memories: 1 },
      { word: 'fjord', memories: 1 },
      { word: 'the', memories: 1 },
    ]);
  });

  it('counts at most the considered matches and says when more matched', async () => {
    const user = randomUUID();
    // The first through the service, which gives the person their default journal; the other 204 straight into it.
    const { journalId } = await create(user, memory('Day 1', 'sunny day'));
    await db.query(
      `INSERT INTO memory.memories (user_id, user_email, journal_id, title, date, content_json, content_html, content_text)
       SELECT $1, 'many@example.com', $2, 'Day ' || n, '2024-01-01'::timestamp + n * interval '1 hour', '{}', '<p>x</p>', 'sunny day'
       FROM generate_series(2, 205) n`,
      [user, journalId],
    );

    const page = await search(user, { q: 'sunny', page: 19 });

    expect(page.pagination).toMatchObject({ totalElements: 200, totalPages: 20, currentPage: 19 });
    expect(page.items).toHaveLength(10);
    expect(page.limited).toBe(true);
    await expect(search(user, { q: 'sunny', page: 20 })).resolves.toMatchObject({
      items: [],
      pagination: { totalElements: 200 },
    });
  });

  it('never fails on anything typed: bad syntax is searched as words', async () => {
    const user = randomUUID();
    await create(user, memory('Odd', 'before yesterday'));

    for (const q of [
      "') | !(",
      '"unclosed',
      'before:yesterday',
      'tag:',
      '-',
      'OR',
      '\\',
      ':*',
      '<->',
      '!!',
      "it's",
      '2024-05-01',
    ]) {
      await expect(search(user, { q })).resolves.toMatchObject({ pagination: expect.any(Object) });
    }
    await expect(titles(user, { q: 'before:yesterday' })).resolves.toEqual(['Odd']);
  });

  it('validates the request again in the service', async () => {
    await expect(search(randomUUID(), { sortBy: 'views' as never })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(search(randomUUID(), { dateFrom: '2024-02-31' })).rejects.toMatchObject({
      code: 'MEMORY_DATE_INVALID',
    });
    await expect(search(undefined as never, { q: 'x' })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
