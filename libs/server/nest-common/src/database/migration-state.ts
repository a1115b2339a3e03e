import type { DataSource, EntityManager } from 'typeorm';
import { OperatorError } from '../errors/operator.error';

/** Where the migrations of a service stand against the migrations this build knows. */
export interface MigrationState {
  /** Names recorded in the service's migrations table, in the order they ran. */
  applied: string[];
  /** Known migrations not applied yet, oldest first. */
  pending: string[];
  /** Applied migrations this build does not know: the data was migrated by a newer release. */
  unknown: string[];
}

/** The name TypeORM records for a migration class: its instance's `name`, else the class name. */
export function migrationNameOf(migration: new () => { name?: string }): string {
  return new migration().name ?? migration.name;
}

/** Reads `<schema>.migrations` (absent on a new database: nothing applied). */
export async function readMigrationState(
  db: DataSource | EntityManager,
  schema: string,
  knownNames: string[],
): Promise<MigrationState> {
  const [{ exists }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS exists`, [
    `"${schema.replace(/"/g, '""')}".migrations`,
  ])) as Array<{
    exists: boolean;
  }>;
  const applied = exists
    ? (
        (await db.query(`SELECT name FROM "${schema.replace(/"/g, '""')}".migrations ORDER BY id`)) as Array<{
          name: string;
        }>
      ).map((row) => row.name)
    : [];
  return {
    applied,
    pending: knownNames.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !knownNames.includes(name)),
  };
}

/**
 * The database holds migrations this release does not know: a newer release migrated it. Running on it (or
 * migrating it further) could lose data the newer release writes, so every start-up path stops with this instead.
 */
export class NewerReleaseDataError extends OperatorError {
  constructor(
    readonly schema: string,
    readonly unknown: string[],
    restoreHint: string,
  ) {
    super(
      `The "${schema}" data was migrated by a newer release of Memories (it has ${unknown.join(', ')}, which this release ` +
        `does not know), so this release will not run on it. Run that newer release again, or restore the backup taken ` +
        `before the upgrade: ${restoreHint}`,
    );
    this.name = 'NewerReleaseDataError';
  }
}
