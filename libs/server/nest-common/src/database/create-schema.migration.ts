import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first migration of a service: the schema it owns. `down` keeps the schema because the migrations table
 * itself lives in it; dropping the whole schema is a deliberate manual act, not a migration step.
 */
export function createSchemaMigration(schema: string, timestamp: number): new () => MigrationInterface {
  const quoted = `"${schema.replace(/"/g, '""')}"`;
  const name = `Create${schema[0].toUpperCase()}${schema.slice(1)}Schema${timestamp}`;
  const migration = class implements MigrationInterface {
    readonly name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS ${quoted}`);
    }

    async down(): Promise<void> {
      // Nothing to undo without destroying the migrations table: see the note above.
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
