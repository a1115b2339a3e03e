import { Client } from 'pg';
import { migrateDatabase } from '@memories/nest-common';
import { startTestPostgres, type TestPostgres } from '@memories/server-testing';
import { assignDefaultJournals } from '../src/database/backfills/assign-default-journals';
import { MEMORY_MIGRATIONS } from '../src/database/memory.migrations';
import { MEMORY_TABLES } from '../src/database/memory.tables';

/** Tables of the schema that are not the service's own data: TypeORM's, nest-common's and the layout upgrade's bookkeeping. */
const BOOKKEEPING = ['memory.migrations', 'memory.followed_account_deletions', 'memory.search_layout_upgrade'];

interface DatabaseColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  fill: 'caller' | 'default' | 'generated';
}

/** `userId` is `user_id`, as Kysely's CamelCasePlugin writes it. */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe('the memory tables as the service defines them', () => {
  let postgres: TestPostgres;
  let migrated: DatabaseColumn[];

  beforeAll(async () => {
    postgres = await startTestPostgres();
    await migrateDatabase({
      url: postgres.url,
      schema: 'memory',
      migrations: MEMORY_MIGRATIONS,
      afterMigrations: assignDefaultJournals,
    });
    const client = new Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query<DatabaseColumn>(
      `SELECT c.table_schema || '.' || c.table_name AS table, c.column_name AS column, c.udt_name AS type,
         c.is_nullable = 'YES' AS nullable,
         CASE WHEN c.is_generated = 'ALWAYS' THEN 'generated' WHEN c.column_default IS NOT NULL THEN 'default'
           ELSE 'caller' END AS fill
       FROM information_schema.columns c JOIN information_schema.tables t
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = 'memory' ORDER BY 1, c.ordinal_position`,
    );
    await client.end();
    migrated = rows.filter((row) => !BOOKKEEPING.includes(row.table));
  }, 120000);

  afterAll(() => postgres?.stop());

  it('has every table and column the migrations build, each with its type, NULL or not, and who fills it', () => {
    const defined: DatabaseColumn[] = Object.entries(MEMORY_TABLES).flatMap(([table, columns]) =>
      Object.entries(columns).map(([name, spec]) => ({
        table,
        column: snakeCase(name),
        type: spec.type,
        nullable: spec.nullable,
        fill: spec.fill,
      })),
    );
    const byName = (a: DatabaseColumn, b: DatabaseColumn) =>
      `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);

    expect([...defined].sort(byName)).toEqual([...migrated].sort(byName));
  });
});
