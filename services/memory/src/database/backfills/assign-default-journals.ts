import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** Rows per batch: each batch is one short transaction that locks only its own rows. */
export const JOURNAL_BACKFILL_BATCH = 5000;

const LOWEST_ID = '00000000-0000-0000-0000-000000000000';

/** Journals for the authors of a key range who have no default journal yet (their first memory came meanwhile). */
const MAKE_MISSING_DEFAULTS = `
  WITH authors AS (
    SELECT DISTINCT m.user_id FROM memory.memories m
    WHERE m.id > $1 AND m.id <= $2 AND m.journal_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM memory.journal_members d WHERE d.user_id = m.user_id AND d.is_default)
  ), made AS (
    INSERT INTO memory.journals (owner_id, name, color) SELECT user_id, 'Journal', '#3f6ad8' FROM authors
    RETURNING id, owner_id
  )
  INSERT INTO memory.journal_members (journal_id, user_id, role, is_default)
  SELECT id, owner_id, 'owner', true FROM made`;

const ASSIGN_RANGE = `
  UPDATE memory.memories m SET journal_id = d.journal_id
  FROM memory.journal_members d
  WHERE m.id > $1 AND m.id <= $2 AND m.journal_id IS NULL AND d.user_id = m.user_id AND d.is_default`;

/** The indexes a journal's lists, timeline and calendar read, built without blocking writers. */
const JOURNAL_INDEXES = {
  memories_journal_created_idx: `("journal_id", "created_at" DESC, "id" DESC)`,
  memories_journal_date_idx: `("journal_id", "date", "id")`,
};

/**
 * Puts every memory that has no journal into its author's default journal, in batches by key range, then makes
 * `journal_id` NOT NULL, adds its foreign key and indexes it, each without a long lock (see docs/decisions.md,
 * "Moving a million memories into default journals"). Safe to stop and run again at any point; a database where it
 * is done answers in two catalog reads.
 */
export async function assignDefaultJournals(db: DataSource, batch = JOURNAL_BACKFILL_BATCH): Promise<void> {
  const logger = new Logger('memory:journals');
  // A writer of an older release may add a memory without a journal between the backfill and NOT NULL; the next
  // round takes it.
  for (let round = 0; round < 3; round += 1) {
    if (!(await journalIdNullable(db))) break;
    await backfill(db, batch, logger);
    if (await closeJournalColumn(db)) break;
  }
  for (const [name, columns] of Object.entries(JOURNAL_INDEXES)) await buildIndex(db, name, columns, logger);
}

async function journalIdNullable(db: DataSource): Promise<boolean> {
  const [{ nullable }] = await db.query(`
    SELECT NOT attnotnull AS nullable FROM pg_attribute
    WHERE attrelid = 'memory.memories'::regclass AND attname = 'journal_id'`);
  return nullable;
}

async function backfill(db: DataSource, batch: number, logger: Logger): Promise<void> {
  const [{ missing }] = await db.query(`SELECT count(*)::int AS missing FROM memory.memories WHERE journal_id IS NULL`);
  if (missing === 0) return;
  logger.log(`moving ${missing} memories into their authors' default journals, ${batch} at a time`);
  const started = Date.now();
  let done = 0;
  let last = LOWEST_ID;
  for (;;) {
    const [next] = await db.query(
      `SELECT id::text AS upper FROM (SELECT id FROM memory.memories WHERE id > $1 ORDER BY id LIMIT $2) b
       ORDER BY id DESC LIMIT 1`,
      [last, batch],
    );
    const upper: string | undefined = next?.upper;
    if (!upper) break;
    const moved = await db.transaction(async (manager) => {
      await manager.query(MAKE_MISSING_DEFAULTS, [last, upper]);
      const [, count] = await manager.query(ASSIGN_RANGE, [last, upper]);
      return Number(count);
    });
    done += moved;
    last = upper;
    if (moved > 0) {
      const perSecond = Math.round(done / Math.max(0.001, (Date.now() - started) / 1000));
      const rest = Math.max(0, missing - done);
      logger.log(`${done}/${missing} moved (${perSecond}/s, about ${Math.ceil(rest / Math.max(1, perSecond))} s left)`);
    }
  }
  logger.log(`${done} memories moved in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * NOT NULL and the foreign key, through constraints added NOT VALID and validated: validating reads the table
 * without blocking writes, and PostgreSQL then sets NOT NULL from the valid check without reading it again. False when
 * a memory without a journal arrived meanwhile.
 */
async function closeJournalColumn(db: DataSource): Promise<boolean> {
  await db.query(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'memories_journal_present') THEN
        ALTER TABLE memory.memories ADD CONSTRAINT memories_journal_present CHECK (journal_id IS NOT NULL) NOT VALID;
      END IF;
    END $$`);
  try {
    await db.query(`ALTER TABLE memory.memories VALIDATE CONSTRAINT memories_journal_present`);
  } catch {
    return false;
  }
  await db.query(`ALTER TABLE memory.memories ALTER COLUMN journal_id SET NOT NULL`);
  await db.query(`ALTER TABLE memory.memories DROP CONSTRAINT memories_journal_present`);
  await db.query(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'memories_journal_fk') THEN
        ALTER TABLE memory.memories ADD CONSTRAINT memories_journal_fk
          FOREIGN KEY (journal_id) REFERENCES memory.journals (id) NOT VALID;
      END IF;
    END $$`);
  await db.query(`ALTER TABLE memory.memories VALIDATE CONSTRAINT memories_journal_fk`);
  return true;
}

/** CREATE INDEX CONCURRENTLY, once; an index an interrupted build left invalid is dropped and built again. */
async function buildIndex(db: DataSource, name: string, columns: string, logger: Logger): Promise<void> {
  const [state] = await db.query(
    `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'memory' AND c.relname = $1`,
    [name],
  );
  if (state?.valid) return;
  if (state) await db.query(`DROP INDEX CONCURRENTLY memory."${name}"`);
  const started = Date.now();
  await db.query(`CREATE INDEX CONCURRENTLY "${name}" ON memory.memories ${columns}`);
  logger.log(`index ${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
