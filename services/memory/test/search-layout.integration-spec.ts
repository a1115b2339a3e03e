import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createDataSourceOptions, migrateDatabase } from '@memories/nest-common';
import { startTestPostgres, type TestPostgres } from '@memories/server-testing';
import { MEMORY_MIGRATIONS } from '../src/database/memory.migrations';
import { KeepSearchVectorsInline1734000000000 } from '../src/database/migrations/1734000000000-keep-search-vectors-inline';
import { SearchLayoutUpgrade } from '../src/search/search-layout-upgrade';

// Memories stored before the KeepSearchVectorsInline migration, moved to its layout by the upgrade in the background:
// step by step, resumed by another instance, nothing about a memory changed but where its vector is kept.

const OWNER = randomUUID();
/** The migrations before KeepSearchVectorsInline: later ones (journals) come after it in the list. */
const BEFORE_LAYOUT = MEMORY_MIGRATIONS.indexOf(KeepSearchVectorsInline1734000000000);
const MEMORIES = 60;
/** Words that do not repeat, so that a vector (like a real one of ~150 words) neither compresses nor fits a 2 KB row. */
const words = (count: number) => Array.from({ length: count }, () => `w${randomBytes(5).toString('hex')}`).join(' ');

/** Everything about the memories a person or a count could see, in a stable order. */
const SNAPSHOT = `
  SELECT json_agg(m ORDER BY m.id) AS memories,
    (SELECT json_agg(c) FROM memory.owner_counts c WHERE c.user_id = $1) AS counts,
    (SELECT json_agg(w ORDER BY w.word) FROM memory.owner_words w WHERE w.user_id = $1) AS owner_words,
    (SELECT json_agg(d ORDER BY d.day) FROM memory.owner_day_counts d WHERE d.user_id = $1) AS days,
    (SELECT count(*) FROM memory.memory_versions) AS versions
  FROM (SELECT id, title, date, content_json, content_html, content_text, tags, is_draft, word_count, version,
          created_at, updated_at, search_vector::text AS vector FROM memory.memories WHERE user_id = $1) m`;
const OUT_OF_LINE = `SELECT count(*)::int AS n FROM memory.memories WHERE pg_column_toast_chunk_id(search_vector) IS NOT NULL`;

describe('moving stored memories to the search layout', () => {
  let postgres: TestPostgres;
  let db: Client;
  let dataSource: DataSource;
  const outOfLine = async () => (await db.query<{ n: number }>(OUT_OF_LINE)).rows[0].n;

  beforeAll(async () => {
    postgres = await startTestPostgres();
    await migrateDatabase({
      url: postgres.url,
      schema: 'memory',
      migrations: MEMORY_MIGRATIONS.slice(0, BEFORE_LAYOUT),
    });
    db = new Client({ connectionString: postgres.url });
    await db.connect();
    for (let n = 0; n < MEMORIES; n += 1) {
      const text = words(150);
      await db.query(
        `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags, is_draft)
         VALUES ($1, 'owner@example.com', $2, '2024-05-01T12:00:00', $3, $4, $5, '{walk}', false)`,
        [OWNER, `Day ${n}`, JSON.stringify({ type: 'doc', text }), `<p>${text}</p>`, text],
      );
    }
    await migrateDatabase({ url: postgres.url, schema: 'memory', migrations: MEMORY_MIGRATIONS });
    dataSource = new DataSource(createDataSourceOptions({ url: postgres.url, schema: 'memory', migrations: [] }));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.end();
    await postgres?.stop();
  });

  it('moves every stored vector into its row, a step at a time and resumed elsewhere, changing nothing else', async () => {
    const before = (await db.query(SNAPSHOT, [OWNER])).rows[0];
    expect(await outOfLine()).toBe(MEMORIES);

    const first = new SearchLayoutUpgrade(dataSource);
    const afterOneStep = await first.step(1);
    expect(afterOneStep).toMatchObject({ nextPage: 1, finished: false });
    expect(afterOneStep.rewritten).toBeGreaterThan(0);
    expect(await outOfLine()).toBe(MEMORIES - afterOneStep.rewritten);

    // Another process (a restart, a second replica) continues from the committed position.
    const moved = await new SearchLayoutUpgrade(dataSource).run();
    expect(moved).toBe(MEMORIES - afterOneStep.rewritten);
    await expect(first.progress()).resolves.toMatchObject({ finished: true, rewritten: MEMORIES });
    expect(await outOfLine()).toBe(0);
    expect((await db.query(SNAPSHOT, [OWNER])).rows[0]).toEqual(before);

    // Finished is finished: nothing is read or written again.
    await expect(first.run()).resolves.toBe(0);
    const matches = await db.query(
      `SELECT count(*)::int AS n FROM memory.memories WHERE search_vector @@ to_tsquery('memory.search_words', $1)`,
      [before.memories[7].content_text.split(' ')[42]],
    );
    expect(matches.rows[0].n).toBe(1);
  });

  it('finishes at once, moving nothing, where the table was empty at the migration', async () => {
    const fresh = await postgres.createDatabase();
    await migrateDatabase({ url: fresh, schema: 'memory', migrations: MEMORY_MIGRATIONS });
    const freshSource = new DataSource(createDataSourceOptions({ url: fresh, schema: 'memory', migrations: [] }));
    await freshSource.initialize();
    try {
      const upgrade = new SearchLayoutUpgrade(freshSource);
      await expect(upgrade.progress()).resolves.toEqual({ nextPage: 0, endPage: 0, rewritten: 0, finished: false });
      await expect(upgrade.run()).resolves.toBe(0);
      await expect(upgrade.progress()).resolves.toMatchObject({ finished: true });
    } finally {
      await freshSource.destroy();
    }
  });

  it('stores a memory written after the migration with its vector in the row', async () => {
    const text = words(150);
    const { rows } = await db.query<{ outside: string | null }>(
      `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text)
       VALUES ($1, 'owner@example.com', 'Later', '2024-06-01T12:00:00', $2, $3, $4)
       RETURNING pg_column_toast_chunk_id(search_vector)::text AS outside`,
      [randomUUID(), JSON.stringify({ type: 'doc', text }), `<p>${text}</p>`, text],
    );
    expect(rows[0].outside).toBeNull();
  });
});
