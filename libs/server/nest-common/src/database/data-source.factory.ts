import { DataSource, type MixedList } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';

export interface ServiceDatabaseOptions {
  url: string;
  /** The PostgreSQL schema the service owns; its tables and its migrations table live there. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities?: MixedList<Function>;
}

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
    extra: { max: 10, connectionTimeoutMillis: 5000 },
  };
}

/**
 * Applies the service's pending migrations and returns their names. The schema is created first because TypeORM
 * keeps its migrations table inside it; the first migration of every service still declares the schema itself.
 */
export async function migrateDatabase(options: ServiceDatabaseOptions): Promise<string[]> {
  const dataSource = new DataSource(createDataSourceOptions(options));
  await dataSource.initialize();
  try {
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${options.schema.replace(/"/g, '""')}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
}
