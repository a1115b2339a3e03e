import { DataSource, type MixedList } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config/server.config';
import { NewerReleaseDataError, migrationNameOf, readMigrationState, type MigrationState } from './migration-state';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema the service owns; its tables and its migrations table live there. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities?: MixedList<Function>;
  /** Connections the pool keeps at most (DATABASE_POOL_SIZE); DEFAULT_DATABASE_POOL_SIZE unless given. */
  poolSize?: number;
  /**
   * Data changes too large for the one migration transaction (a backfill of every row), run after it on the same
   * connection pool, each in its own short transactions. They must be safe to run again: a stopped run resumes.
   */
  afterMigrations?: (dataSource: DataSource) => Promise<void>;
}

/**
 * How long a statement waits for a connection of its pool (a new one, or a free one when all are busy) before it
 * fails: a PostgreSQL that is down or a pool held too long shows as an error, not as a request that never ends.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5000;

/**
 * Connection options of one service: its own schema and migrations table, never `synchronize` (the schema only
 * changes through migrations, which run at boot in the embedded mode and through `migrate` everywhere else).
 */
export function createDataSourceOptions(options: ServiceDatabaseOptions): PostgresConnectionOptions {
  return {
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities ?? [],
    migrations: options.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    applicationName: `memories-${options.schema}`,
    extra: {
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    },
  };
}

/** Where to find the backup to restore, for the message of a refused start-up (the embedded mode names the file). */
export const DEFAULT_RESTORE_HINT = 'see "Backup and restore" in docs/deploy.md';

/** The names of a service's migrations, oldest first, as TypeORM records them. */
export function knownMigrationNames(options: Pick<ServiceDatabaseOptions, 'migrations'>): string[] {
  return (Array.isArray(options.migrations) ? options.migrations : Object.values(options.migrations)).map((migration) =>
    migrationNameOf(migration as new () => { name?: string }),
  );
}

/** Reads where a service's migrations stand, without changing anything. */
export async function inspectMigrations(options: ServiceDatabaseOptions): Promise<MigrationState> {
  const dataSource = new DataSource(createDataSourceOptions(options));
  await dataSource.initialize();
  try {
    return await readMigrationState(dataSource, options.schema, knownMigrationNames(options));
  } finally {
    await dataSource.destroy();
  }
}

/** Refuses data a newer release migrated (see NewerReleaseDataError). */
export async function assertNoNewerMigrations(
  db: DataSource,
  options: ServiceDatabaseOptions,
  restoreHint = DEFAULT_RESTORE_HINT,
): Promise<void> {
  const { unknown } = await readMigrationState(db, options.schema, knownMigrationNames(options));
  if (unknown.length > 0) throw new NewerReleaseDataError(options.schema, unknown, restoreHint);
}

/**
 * Applies the service's pending migrations and returns their names. The schema is created first because TypeORM
 * keeps its migrations table inside it; the first migration of every service still declares the schema itself.
 * All pending migrations run in ONE transaction: a failure leaves the schema exactly as it was, never half-migrated.
 * Data migrated by a newer release is refused before anything runs.
 */
export async function migrateDatabase(
  options: ServiceDatabaseOptions,
  restoreHint = DEFAULT_RESTORE_HINT,
): Promise<string[]> {
  const dataSource = new DataSource(createDataSourceOptions(options));
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '""')}"`);
    await assertNoNewerMigrations(dataSource, options, restoreHint);
    const applied = await dataSource.runMigrations({ transaction: 'all' });
    await options.afterMigrations?.(dataSource);
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
