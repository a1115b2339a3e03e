import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import {
  JOURNAL_SUBJECTS,
  MEMORY_REDISCOVERY_SUBJECTS,
  MEMORY_SUBJECTS,
  type BusRequestMap,
  type BusRequestSubject,
  type MemoryInput,
} from '@memories/contracts';
import { bootstrapService, createBusClient, migrateService } from '@memories/nest-common';
import {
  getFreePort,
  journalKeyEnvelope,
  requestAs,
  sealedMemoryBytes,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';
import { memoryServiceDescriptor } from '../src';

// Looking back by the memories' own dates, as the service answers over NATS against PostgreSQL: On This Day across
// leap days, the calendar at month edges and with dates sent with a time zone, the timeline's keyset order,
// years, writing stats, a random memory, and the memories of a locked journal (ciphertext for the browser to open).

const memory = (title: string, date: string, change: Partial<MemoryInput> = {}): MemoryInput => ({
  title,
  date,
  contentJson: JSON.stringify({
    type: 'doc',
    content: [{ type: 'paragraph', content: [{ type: 'text', text: `${title} happened` }] }],
  }),
  tags: [],
  isDraft: false,
  ...change,
});

describe('rediscovery over NATS against PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let app: INestApplication;
  let client: ReturnType<typeof createBusClient>;

  const ask = <S extends BusRequestSubject>(
    subject: S,
    userId: string | undefined,
    payload: BusRequestMap[S]['payload'],
  ) => requestAs(client, subject, userId, payload);
  const create = (userId: string, input: MemoryInput) =>
    ask(MEMORY_SUBJECTS.create, userId, { memory: input, ownerEmail: 'owner@example.com' });
  const userWith = async (...memories: Array<[string, string]>) => {
    const user = randomUUID();
    for (const [title, date] of memories) await create(user, memory(title, date));
    return user;
  };

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const env = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
    };
    await migrateService(memoryServiceDescriptor, env);
    app = await bootstrapService(memoryServiceDescriptor, env);
    client = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 5000, name: 'rediscovery-test' });
    await client.connect();
  });

  afterAll(async () => {
    await client?.close();
    await app?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  describe('On This Day', () => {
    const onThisDay = async (user: string, date: string) =>
      (await ask(MEMORY_REDISCOVERY_SUBJECTS.onThisDay, user, { date })).map(
        (found) => `${found.title} (${found.yearsAgo})`,
      );

    it('shows the same month and day of earlier years, newest first, never this year or another day', async () => {
      const user = await userWith(
        ['Last year', '2025-05-01'],
        ['Long ago', '2019-05-01'],
        ['This year', '2026-05-01'],
        ['Next day', '2025-05-02'],
        ['Day before', '2024-04-30'],
      );

      await expect(onThisDay(user, '2026-05-01')).resolves.toEqual(['Last year (1)', 'Long ago (7)']);
    });

    it('shows a Feb 29 on Feb 28 of years without one, and only on Feb 29 in leap years', async () => {
      const user = await userWith(['Leap day', '2020-02-29'], ['Feb 28', '2021-02-28'], ['Mar 1', '2021-03-01']);

      await expect(onThisDay(user, '2023-02-28')).resolves.toEqual(['Feb 28 (2)', 'Leap day (3)']);
      await expect(onThisDay(user, '2024-02-28')).resolves.toEqual(['Feb 28 (3)']);
      await expect(onThisDay(user, '2024-02-29')).resolves.toEqual(['Leap day (4)']);
      await expect(onThisDay(user, '2023-03-01')).resolves.toEqual(['Mar 1 (2)']);
    });

    it('answers a card: summary, excerpt and the thumbnail or first image', async () => {
      const user = randomUUID();
      const image = '/api/files/u/pic.png';
      await create(user, {
        ...memory('Picture', '2024-07-14', { tags: ['sun'] }),
        contentJson: JSON.stringify({
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'A   long\nday' }] },
            { type: 'image', attrs: { src: image } },
          ],
        }),
      });

      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.onThisDay, user, { date: '2025-07-14' })).resolves.toEqual([
        {
          id: expect.any(String),
          journalId: expect.any(String),
          title: 'Picture',
          date: '2024-07-14T12:00:00',
          imageUrl: image,
          isDraft: false,
          tags: ['sun'],
          excerpt: 'A long day',
          mood: null,
          yearsAgo: 1,
        },
      ]);
    });
  });

  describe('calendar', () => {
    it('counts by the memory date, month edges included, and leaves empty days out', async () => {
      const user = await userWith(
        ['Before', '2024-01-31T23:59:59'],
        ['First', '2024-02-01T00:00:00'],
        ['Leap', '2024-02-29'],
        ['Leap again', '2024-02-29T23:59:59'],
        ['After', '2024-03-01T00:00:00'],
      );

      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-02-01', to: '2024-02-29' }),
      ).resolves.toEqual([
        { date: '2024-02-01', count: 1, mood: null },
        { date: '2024-02-29', count: 2, mood: null },
      ]);
    });

    it('counts a memory on the day its writer chose; a date sent with a time zone counts on its UTC day', async () => {
      const user = randomUUID();
      await create(user, memory('Local evening', '2024-03-31'));
      await create(user, memory('New York, late', '2024-03-31T23:30:00-05:00'));
      await create(user, memory('Tokyo, early', '2024-04-01T08:00:00+09:00'));

      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-03-31', to: '2024-04-01' }),
      ).resolves.toEqual([
        { date: '2024-03-31', count: 2, mood: null },
        { date: '2024-04-01', count: 1, mood: null },
      ]);
    });

    it('refuses a range that is reversed or longer than a padded year, in the service too', async () => {
      const user = randomUUID();
      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-02-01', to: '2024-01-31' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2023-01-01', to: '2024-12-31' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-02-30', to: '2024-03-01' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe('timeline', () => {
    it('pages newest first by (date, id) with memories of equal dates neither repeated nor skipped', async () => {
      const user = randomUUID();
      for (let n = 0; n < 7; n++) await create(user, memory(`Same ${n}`, '2024-05-01'));
      await create(user, memory('Newer', '2024-06-01'));
      await create(user, memory('Older', '2023-01-01'));

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await ask(MEMORY_REDISCOVERY_SUBJECTS.timeline, user, { size: 3, ...(cursor ? { cursor } : {}) });
        seen.push(...page.entries.map((entry) => `${entry.date.slice(0, 10)} ${entry.id}`));
        cursor = page.nextCursor ?? undefined;
        pages++;
      } while (cursor);

      expect(pages).toBe(3);
      expect(seen).toHaveLength(9);
      expect(new Set(seen).size).toBe(9);
      expect(seen).toEqual([...seen].sort().reverse());
    });

    it('jumps to a year: starts at the last day `until`', async () => {
      const user = await userWith(['2024', '2024-03-01'], ['2023 end', '2023-12-31T23:59:00'], ['2022', '2022-06-01']);

      const page = await ask(MEMORY_REDISCOVERY_SUBJECTS.timeline, user, { until: '2023-12-31' });

      expect(page.entries.map((entry) => entry.title)).toEqual(['2023 end', '2022']);
      expect(page.nextCursor).toBeNull();
    });

    it('refuses a cursor it did not write', async () => {
      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.timeline, randomUUID(), { cursor: 'bm9wZQ' })).rejects.toMatchObject(
        { code: 'MEMORY_CURSOR_INVALID' },
      );
    });
  });

  describe('a locked journal', () => {
    it('carries a locked memory’s ciphertext and journal: no plaintext, no encrypted image as a picture', async () => {
      const user = randomUUID();
      const plain = await create(user, memory('Plain', '2024-07-14T18:00:00', { mood: 4 }));
      const diary = await ask(JOURNAL_SUBJECTS.create, user, { name: 'Diary', keyEnvelope: journalKeyEnvelope() });
      const image = `/api/files/users/${user}/sealed-image`;
      const sealed = { ...sealedMemoryBytes(), imageUrls: [image] };
      const locked = await create(user, {
        title: '',
        date: '2024-07-14',
        contentJson: '',
        isDraft: false,
        journalId: diary.id,
        sealed,
      });
      const lockedSummary = {
        id: locked.id,
        journalId: diary.id,
        title: '',
        date: '2024-07-14T12:00:00',
        imageUrl: '',
        isDraft: false,
        tags: [],
        excerpt: '',
        mood: null,
        sealed,
      };

      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.timeline, user, { journalId: diary.id })).resolves.toEqual({
        entries: [lockedSummary],
        nextCursor: null,
      });
      const onThisDay = await ask(MEMORY_REDISCOVERY_SUBJECTS.onThisDay, user, { date: '2025-07-14' });
      expect(onThisDay).toEqual([
        expect.objectContaining({ id: plain.id, journalId: plain.journalId, excerpt: 'Plain happened', mood: 4 }),
        { ...lockedSummary, yearsAgo: 1 },
      ]);
      // A plain memory's summary stays as it was: no `sealed` key at all.
      expect(onThisDay[0]).not.toHaveProperty('sealed');

      // Counted on its day and in the totals; its mood is sealed, so only the plain memory's is averaged.
      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-07-01', to: '2024-07-31' }),
      ).resolves.toEqual([{ date: '2024-07-14', count: 2, mood: 4 }]);
      const stats = await ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-07-14' });
      expect(stats).toMatchObject({ totalMemories: 2, totalWords: 2, currentStreak: 1 });
      expect(stats.perMonth.at(-1)).toEqual({ month: '2024-07', count: 2, averageMood: 4 });
      await expect(
        ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-07-14', journalId: diary.id }),
      ).resolves.toMatchObject({ totalMemories: 1, totalWords: 0 });
    });
  });

  it('lists the years with memories, newest first', async () => {
    const user = await userWith(['a', '2022-01-01'], ['b', '2024-01-01'], ['c', '2024-12-31']);

    await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.years, user, {})).resolves.toEqual([
      { year: 2024, count: 2 },
      { year: 2022, count: 1 },
    ]);
  });

  describe('writing stats', () => {
    it('counts words and memories, streaks of days up to today, and the months', async () => {
      const user = await userWith(
        ['s1', '2024-02-27'],
        ['s2', '2024-02-28'],
        ['s3', '2024-02-29'],
        ['s4', '2024-03-01'],
        ['twice', '2024-03-01'],
        ['gap', '2024-03-03'],
        ['yesterday', '2024-03-09'],
        ['future', '2024-03-11'],
      );

      const stats = await ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-03-10' });

      expect(stats).toMatchObject({ totalMemories: 8, totalWords: 16, currentStreak: 1, longestStreak: 4 });
      expect(stats.perMonth.slice(-2)).toEqual([
        { month: '2024-02', count: 3, averageMood: null },
        { month: '2024-03', count: 5, averageMood: null },
      ]);
      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-03-13' })).resolves.toMatchObject({
        currentStreak: 0,
      });
      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-03-01' })).resolves.toMatchObject({
        currentStreak: 4,
        longestStreak: 4,
      });
    });

    it('answers zeros for an empty journal', async () => {
      await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.stats, randomUUID(), { date: '2024-03-10' })).resolves.toMatchObject(
        {
          totalMemories: 0,
          totalWords: 0,
          currentStreak: 0,
          longestStreak: 0,
        },
      );
    });
  });

  it('averages the moods of each day and month, memories without a mood left out', async () => {
    const user = randomUUID();
    await create(user, memory('good', '2024-04-02', { mood: 4 }));
    await create(user, memory('great', '2024-04-02T20:00:00', { mood: 5 }));
    await create(user, memory('no mood', '2024-04-02', { mood: null }));
    await create(user, memory('awful', '2024-04-20', { mood: 1 }));
    await create(user, memory('unrated', '2024-05-01'));

    await expect(
      ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-04-01', to: '2024-05-31' }),
    ).resolves.toEqual([
      { date: '2024-04-02', count: 3, mood: 4.5 },
      { date: '2024-04-20', count: 1, mood: 1 },
      { date: '2024-05-01', count: 1, mood: null },
    ]);
    const stats = await ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-05-10' });
    expect(stats.perMonth.slice(-2)).toEqual([
      { month: '2024-04', count: 4, averageMood: 3.3 },
      { month: '2024-05', count: 1, averageMood: null },
    ]);
  });

  it('surprises with one of the caller’s own memories, or null', async () => {
    const user = await userWith(['only', '2024-01-01']);

    await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.random, user, {})).resolves.toMatchObject({ title: 'only' });
    await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.random, randomUUID(), {})).resolves.toBeNull();
  });

  it('keeps the per-day counts in step with edits and deletes', async () => {
    const user = randomUUID();
    const first = await create(user, memory('one', '2024-06-01'));
    await create(user, memory('two', '2024-06-01'));
    const calendar = () => ask(MEMORY_REDISCOVERY_SUBJECTS.calendar, user, { from: '2024-06-01', to: '2024-06-30' });

    await expect(calendar()).resolves.toEqual([{ date: '2024-06-01', count: 2, mood: null }]);
    await ask(MEMORY_SUBJECTS.update, user, { id: first.id, memory: memory('one', '2024-06-15') });
    await ask(MEMORY_SUBJECTS.publish, user, { id: first.id });
    await expect(calendar()).resolves.toEqual([
      { date: '2024-06-01', count: 1, mood: null },
      { date: '2024-06-15', count: 1, mood: null },
    ]);
    await ask(MEMORY_SUBJECTS.delete, user, { id: first.id });
    await expect(calendar()).resolves.toEqual([{ date: '2024-06-01', count: 1, mood: null }]);
    await expect(ask(MEMORY_REDISCOVERY_SUBJECTS.stats, user, { date: '2024-06-01' })).resolves.toMatchObject({
      totalMemories: 1,
      totalWords: 2,
    });
  });

  it('uses the owner-and-date indexes for the timeline and On This Day', async () => {
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      await db.query('SET enable_seqscan = off');
      const plan = async (sql: string) =>
        (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).rows.map((row) => row['QUERY PLAN']).join('\n');

      await expect(
        plan(
          `SELECT id FROM memory.memories m WHERE m.user_id = 'u' AND (m.date, m.id) < ('2024-01-01', '00000000-0000-4000-8000-000000000000') ORDER BY m.date DESC, m.id DESC LIMIT 20`,
        ),
      ).resolves.toContain('memories_user_date_idx');
      await expect(
        plan(
          `SELECT id FROM memory.memories m WHERE m.user_id = 'u' AND (EXTRACT(MONTH FROM m.date) * 100 + EXTRACT(DAY FROM m.date))::int = ANY('{501}') AND m.date < '2026-01-01'`,
        ),
      ).resolves.toContain('memories_user_month_day_idx');
    } finally {
      await db.end();
    }
  });
});
