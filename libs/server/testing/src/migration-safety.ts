import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import {
  NewerReleaseDataError,
  createDataSourceOptions,
  migrateDatabase,
  migrationNameOf,
  readMigrationState,
} from '@memories/nest-common';
import { startTestPostgres, type TestPostgres } from './test-postgres';

type MigrationClass = new () => MigrationInterface;

/** Runs SQL with parameters: the seed of a data set, written against the first release's tables. */
export interface SqlRunner {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export interface MigrationSafetyOptions {
  /** The service's schema (its tables and its migrations table live there). */
  schema: string;
  /** Every migration of the service, oldest first: the list the service runs, so new migrations are covered at once. */
  migrations: MigrationClass[];
  /** The name of the last migration of the oldest supported release: the data set is loaded through that schema. */
  firstRelease: string;
  /** Loads a realistic data set with plain SQL against the first release's tables. */
  seed(db: SqlRunner): Promise<void>;
  /**
   * Columns of the first release (`table.column`, or `table` for all of it) that a later migration changes on
   * purpose, each with the reason. Every other value must survive every later migration unchanged.
   */
  intendedChanges?: Readonly<Record<string, string>>;
}

/** Tables, columns, indexes, constraints, triggers, functions and other objects of a schema, as text to compare. */
async function shapeOf(db: SqlRunner, schema: string): Promise<Record<string, string[]>> {
  const rows = async (sql: string) =>
    ((await db.query(sql, [schema])) as Array<{ item: string }>).map((row) => row.item);
  // Objects an extension brings (pg_trgm's functions...) are the extension's, not the migration's.
  const notFromExtension = (oid: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = ${oid} AND d.deptype = 'e')`;
  return {
    columns: await rows(`
      SELECT c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
        || coalesce(' default ' || pg_get_expr(ad.adbin, ad.adrelid), '') || CASE WHEN a.attgenerated <> '' THEN ' generated' ELSE '' END AS item
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> 'migrations' AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY 1`),
    indexes: await rows(
      `SELECT indexdef AS item FROM pg_indexes WHERE schemaname = $1 AND tablename <> 'migrations' ORDER BY 1`,
    ),
    constraints: await rows(`
      SELECT c.relname || '.' || k.conname || ' ' || pg_get_constraintdef(k.oid) AS item
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relname <> 'migrations' ORDER BY 1`),
    triggers: await rows(`
      SELECT pg_get_triggerdef(t.oid) AS item FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1`),
    functions: await rows(`
      SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ') ' || md5(p.prosrc) AS item
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND ${notFromExtension('p.oid')} ORDER BY 1`),
    otherRelations: await rows(`
      SELECT c.relname || ' ' || c.relkind::text AS item FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('v', 'm', 'S', 'f') AND c.relname NOT LIKE 'migrations%' AND ${notFromExtension('c.oid')} ORDER BY 1`),
    types: await rows(`
      SELECT t.typname || ' ' || t.typtype::text AS item FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 AND t.typtype IN ('e', 'd') AND ${notFromExtension('t.oid')} ORDER BY 1`),
  };
}

/** The stored (not generated) columns of each table of the schema, and each table's primary key. */
async function tablesOf(db: SqlRunner, schema: string): Promise<Map<string, { columns: string[]; key: string[] }>> {
  const columns = (await db.query(
    `SELECT c.relname AS table, a.attname AS column,
       coalesce(a.attnum = ANY(i.indkey), false) AS in_key
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> 'migrations' AND a.attnum > 0 AND NOT a.attisdropped
       AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
    [schema],
  )) as Array<{ table: string; column: string; in_key: boolean }>;
  const tables = new Map<string, { columns: string[]; key: string[] }>();
  for (const { table, column, in_key } of columns) {
    const entry = tables.get(table) ?? { columns: [], key: [] };
    entry.columns.push(column);
    if (in_key) entry.key.push(column);
    tables.set(table, entry);
  }
  return tables;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Per table: its row count, and per column a checksum of every value in key order. Names that are gone say so. */
async function fingerprintOf(
  db: SqlRunner,
  schema: string,
  tables: Map<string, { columns: string[]; key: string[] }>,
  skipped: Readonly<Record<string, string>>,
): Promise<Record<string, Record<string, string | number>>> {
  const present = await tablesOf(db, schema);
  const result: Record<string, Record<string, string | number>> = {};
  for (const [table, { columns, key }] of tables) {
    if (skipped[table]) continue;
    const now = present.get(table);
    if (!now) {
      result[table] = { rows: 'table is gone' };
      continue;
    }
    const kept = columns.filter((column) => !skipped[`${table}.${column}`]);
    const order = (key.length > 0 ? key : kept).map(quoted).join(', ');
    const sums = kept.map((column) =>
      now.columns.includes(column)
        ? `md5(coalesce(string_agg(quote_nullable(${quoted(column)}::text), ',' ORDER BY ${order}), '')) AS ${quoted(column)}`
        : `'column is gone' AS ${quoted(column)}`,
    );
    const [row] = (await db.query(
      `SELECT count(*)::int AS "rows", ${sums.join(', ')} FROM ${quoted(schema)}.${quoted(table)}`,
    )) as Array<Record<string, string | number>>;
    result[table] = row;
  }
  return result;
}

async function inTransaction(runner: QueryRunner, work: () => Promise<void>): Promise<void> {
  await runner.startTransaction();
  try {
    await work();
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  }
}

/**
 * Proves that upgrades keep every row, generically over a service's migration list (so a migration added later is
 * covered the day it joins the list): from an empty schema, every migration goes up, down (which must restore the
 * previous shape exactly and keep the data), and up again; once the first release's schema stands, a realistic data
 * set is loaded through it, and after every later migration each table still has the same rows and each of the first
 * release's columns the same values (counts and checksums). Then the real start-up path: a first-release database
 * migrated to the latest in one go keeps every value, data of a newer release is refused, and a failing migration
 * leaves nothing half-done.
 */
export function describeMigrationSafety(options: MigrationSafetyOptions): void {
  const { schema, migrations, firstRelease } = options;
  const names = migrations.map(migrationNameOf);
  const skipped = options.intendedChanges ?? {};

  describe(`the ${schema} migrations`, () => {
    let postgres: TestPostgres;
    let dataSource: DataSource;
    let runner: QueryRunner;
    let firstReleaseTables: Map<string, { columns: string[]; key: string[] }> | undefined;
    let firstReleaseData: Record<string, Record<string, string | number>> | undefined;

    /** A new empty database on the same server, for a test of its own. */
    const freshDatabase = () => postgres.createDatabase();

    async function withDatabase<T>(url: string, work: (db: DataSource) => Promise<T>): Promise<T> {
      const db = new DataSource({ ...createDataSourceOptions({ url, schema, migrations: [] }), extra: { max: 2 } });
      await db.initialize();
      try {
        return await work(db);
      } finally {
        await db.destroy();
      }
    }

    beforeAll(async () => {
      postgres = await startTestPostgres();
      dataSource = new DataSource({
        ...createDataSourceOptions({ url: postgres.url, schema, migrations: [] }),
        extra: { max: 2 },
      });
      await dataSource.initialize();
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS ${quoted(schema)}`);
      runner = dataSource.createQueryRunner();
    });

    afterAll(async () => {
      await runner?.release();
      await dataSource?.destroy();
      await postgres?.stop();
    });

    it('knows the first release among its migrations', () => {
      expect(names).toContain(firstRelease);
    });

    it.each(migrations.map((migration, index) => [names[index], migration] as const))(
      '%s: down restores the previous shape and keeps the data; up keeps every value of the first release',
      async (name, Migration) => {
        const migration = new Migration();
        const shapeBefore = await shapeOf(dataSource, schema);
        const dataBefore = firstReleaseTables && (await fingerprintOf(dataSource, schema, firstReleaseTables, skipped));

        await inTransaction(runner, () => migration.up(runner));
        await inTransaction(runner, () => (migration.down ? migration.down(runner) : Promise.resolve()));
        expect(await shapeOf(dataSource, schema)).toEqual(shapeBefore);
        if (firstReleaseTables)
          expect(await fingerprintOf(dataSource, schema, firstReleaseTables, skipped)).toEqual(dataBefore);
        await inTransaction(runner, () => migration.up(runner));

        if (name === firstRelease) {
          await options.seed(dataSource);
          firstReleaseTables = await tablesOf(dataSource, schema);
          firstReleaseData = await fingerprintOf(dataSource, schema, firstReleaseTables, skipped);
          // A data set that leaves a table empty proves nothing about that table.
          expect(
            Object.entries(firstReleaseData)
              .filter(([, table]) => table.rows === 0)
              .map(([table]) => table),
          ).toEqual([]);
        } else if (firstReleaseTables) {
          expect(await fingerprintOf(dataSource, schema, firstReleaseTables, skipped)).toEqual(firstReleaseData);
        }
      },
    );

    it('migrates a first-release database to the latest through the start-up path (one transaction), keeping every value', async () => {
      const url = await freshDatabase();
      const release = migrations.slice(0, names.indexOf(firstRelease) + 1);
      await migrateDatabase({ url, schema, migrations: release });
      const before = await withDatabase(url, async (db) => {
        await options.seed(db);
        const tables = await tablesOf(db, schema);
        return { tables, data: await fingerprintOf(db, schema, tables, skipped) };
      });

      const applied = await migrateDatabase({ url, schema, migrations });

      expect(applied).toEqual(names.slice(release.length));
      await withDatabase(url, async (db) => {
        expect(await fingerprintOf(db, schema, before.tables, skipped)).toEqual(before.data);
        expect((await readMigrationState(db, schema, names)).pending).toEqual([]);
      });
    });

    it('refuses data migrated by a newer release, naming the backup to restore, and changes nothing', async () => {
      const url = await freshDatabase();
      await migrateDatabase({ url, schema, migrations });
      await withDatabase(url, (db) =>
        db.query(
          `INSERT INTO ${quoted(schema)}.migrations (timestamp, name) VALUES (9999999999999, 'FromTheFuture9999999999999')`,
        ),
      );

      const refusal = migrateDatabase({ url, schema, migrations }, 'memories-backup-2026-01-31T02-00-00Z');

      await expect(refusal).rejects.toThrow(NewerReleaseDataError);
      await expect(refusal).rejects.toThrow(
        new RegExp(
          `"${schema}" data was migrated by a newer release .*FromTheFuture9999999999999.* memories-backup-2026-01-31T02-00-00Z`,
        ),
      );
    });

    it('leaves the schema exactly as it was when one of the pending migrations fails', async () => {
      const url = await freshDatabase();
      const release = migrations.slice(0, names.indexOf(firstRelease) + 1);
      await migrateDatabase({ url, schema, migrations: release });
      const shapeBefore = await withDatabase(url, (db) => shapeOf(db, schema));
      class FailingMigration9999999999999 implements MigrationInterface {
        readonly name = 'FailingMigration9999999999999';
        async up(queryRunner: QueryRunner): Promise<void> {
          await queryRunner.query('SELECT 1 / 0');
        }
        async down(): Promise<void> {}
      }

      await expect(
        migrateDatabase({ url, schema, migrations: [...migrations, FailingMigration9999999999999] }),
      ).rejects.toThrow(/division by zero/);

      await withDatabase(url, async (db) => {
        expect(await shapeOf(db, schema)).toEqual(shapeBefore);
        expect((await readMigrationState(db, schema, names)).applied).toEqual(names.slice(0, release.length));
      });
    });
  });
}
