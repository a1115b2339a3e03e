import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { createDataSourceOptions, migrateDatabase } from '@memories/nest-common';
import { startTestPostgres, type TestPostgres } from '@memories/server-testing';
import { assignDefaultJournals } from '../src/database/backfills/assign-default-journals';
import { MEMORY_MIGRATIONS } from '../src/database/memory.migrations';

const BEFORE_JOURNALS = MEMORY_MIGRATIONS.slice(
  0,
  MEMORY_MIGRATIONS.findIndex((m) => m.name.startsWith('AddJournals')),
);
const OWNERS = [randomUUID(), randomUUID(), randomUUID()];

/** Memories spread over three owners, inserted in one statement (ids are random, so owners interleave by key). */
async function seedMemories(db: DataSource, count: number, owners = OWNERS): Promise<void> {
  await db.query(
    `INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text, tags, is_draft)
     SELECT ($2::text[])[1 + n % array_length($2::text[], 1)], 'owner@example.com', 'Memory ' || n,
       timestamp '2024-01-01 12:00' + n * interval '1 hour', '{"type":"doc","content":[]}', '', 'words of ' || n,
       ARRAY['tag' || (n % 5)], n % 7 = 0
     FROM generate_series(1, $1) AS n`,
    [count, owners],
  );
}

describe('moving existing memories into default journals', () => {
  let postgres: TestPostgres;
  let databases = 0;

  beforeAll(async () => {
    postgres = await startTestPostgres();
  });

  afterAll(async () => {
    await postgres?.stop();
  });

  /** A database at the release before journals, with `count` memories, and a connection to it. */
  async function databaseBeforeJournals(count: number): Promise<{ url: string; db: DataSource }> {
    databases += 1;
    const admin = new DataSource(createDataSourceOptions({ url: postgres.url, schema: 'memory', migrations: [] }));
    await admin.initialize();
    await admin.query(`CREATE DATABASE backfill_${databases}`);
    await admin.destroy();
    const url = postgres.url.replace(/\/[^/]+$/, `/backfill_${databases}`);
    await migrateDatabase({ url, schema: 'memory', migrations: BEFORE_JOURNALS });
    const db = new DataSource(createDataSourceOptions({ url, schema: 'memory', migrations: [] }));
    await db.initialize();
    await seedMemories(db, count);
    return { url, db };
  }

  async function catalogState(db: DataSource) {
    const [column] = await db.query(
      `SELECT attnotnull AS "notNull" FROM pg_attribute WHERE attrelid = 'memory.memories'::regclass AND attname = 'journal_id'`,
    );
    const constraints = await db.query(
      `SELECT conname AS name, convalidated AS valid FROM pg_constraint
       WHERE conrelid = 'memory.memories'::regclass AND conname LIKE 'memories_journal%' AND contype <> 'n' ORDER BY 1`,
    );
    const indexes = await db.query(
      `SELECT c.relname AS name, i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = 'memory.memories'::regclass AND c.relname LIKE 'memories_journal%' ORDER BY 1`,
    );
    return { notNull: column.notNull as boolean, constraints, indexes };
  }

  it('puts every memory into its author default journal in batches, then closes the column', async () => {
    const { url, db } = await databaseBeforeJournals(2500);
    try {
      const [counts] = await db.query(`SELECT json_agg(c ORDER BY user_id) AS all FROM memory.owner_counts c`);
      // A memory written by an older release after the schema change, by someone with no journal yet.
      await migrateDatabase({ url, schema: 'memory', migrations: MEMORY_MIGRATIONS });
      const newcomer = randomUUID();
      await seedMemories(db, 3, [newcomer]);
      await assignDefaultJournals(db, 400);

      const [{ missing }] = await db.query(
        `SELECT count(*)::int AS missing FROM memory.memories WHERE journal_id IS NULL`,
      );
      expect(missing).toBe(0);
      const wrong = await db.query(`
        SELECT m.id FROM memory.memories m
        LEFT JOIN memory.journal_members d ON d.journal_id = m.journal_id AND d.user_id = m.user_id AND d.is_default AND d.role = 'owner'
        WHERE d.journal_id IS NULL`);
      expect(wrong).toEqual([]);
      const defaults = await db.query(`
        SELECT j.owner_id, j.name, count(*)::int AS defaults FROM memory.journal_members d
        JOIN memory.journals j ON j.id = d.journal_id WHERE d.is_default GROUP BY 1, 2 ORDER BY 1`);
      expect(defaults).toEqual(
        [...OWNERS, newcomer].sort().map((owner) => ({ owner_id: owner, name: 'Journal', defaults: 1 })),
      );
      expect(await catalogState(db)).toEqual({
        notNull: true,
        constraints: [{ name: 'memories_journal_fk', valid: true }],
        indexes: [
          { name: 'memories_journal_created_idx', valid: true },
          { name: 'memories_journal_date_idx', valid: true },
        ],
      });
      // Each journal's counters were filled by the moves themselves.
      const counted = await db.query(`SELECT journal_id, total, drafts FROM memory.journal_counts ORDER BY 1`);
      const actual = await db.query(`
        SELECT journal_id, count(*)::int AS total, (count(*) FILTER (WHERE is_draft))::int AS drafts
        FROM memory.memories GROUP BY 1 ORDER BY 1`);
      expect(counted).toEqual(actual);
      expect(actual).toHaveLength(4);
      // Moving is not an edit: no version is kept and the owners' counters do not move.
      expect(await db.query(`SELECT count(*)::int AS n FROM memory.memory_versions`)).toEqual([{ n: 0 }]);
      const [after] = await db.query(
        `SELECT json_agg(c ORDER BY user_id) AS all FROM memory.owner_counts c WHERE user_id <> $1`,
        [newcomer],
      );
      expect(after).toEqual(counts);
      await expect(
        db.query(`INSERT INTO memory.memories (user_id, user_email, title, date, content_json, content_html, content_text)
                  VALUES ('x', 'x@example.com', 't', now(), '{}', '', '')`),
      ).rejects.toThrow(/journal_id/);
    } finally {
      await db.destroy();
    }
  });

  it('resumes where a stopped run left off, and a finished one returns at once', async () => {
    const { url, db } = await databaseBeforeJournals(1200);
    try {
      await migrateDatabase({ url, schema: 'memory', migrations: MEMORY_MIGRATIONS });
      // The third batch's transaction fails, as a killed process or a lost connection would end it.
      let batches = 0;
      const failing = new Proxy(db, {
        get(target, property, receiver) {
          if (property === 'transaction') {
            return (work: (manager: EntityManager) => Promise<unknown>) => {
              batches += 1;
              if (batches === 3) return Promise.reject(new Error('connection lost'));
              return target.transaction(work);
            };
          }
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      await expect(assignDefaultJournals(failing, 200)).rejects.toThrow('connection lost');
      const [{ missing }] = await db.query(
        `SELECT count(*)::int AS missing FROM memory.memories WHERE journal_id IS NULL`,
      );
      expect(missing).toBe(1200 - 400);
      expect((await catalogState(db)).notNull).toBe(false);

      await assignDefaultJournals(db, 200);
      expect(await db.query(`SELECT count(*)::int AS n FROM memory.memories WHERE journal_id IS NULL`)).toEqual([
        { n: 0 },
      ]);
      expect((await catalogState(db)).notNull).toBe(true);

      // An index build that was interrupted leaves an invalid index: the next start builds it again.
      await db.query(
        `UPDATE pg_index SET indisvalid = false WHERE indexrelid = 'memory.memories_journal_date_idx'::regclass`,
      );
      await assignDefaultJournals(db, 200);
      expect((await catalogState(db)).indexes).toEqual([
        { name: 'memories_journal_created_idx', valid: true },
        { name: 'memories_journal_date_idx', valid: true },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
