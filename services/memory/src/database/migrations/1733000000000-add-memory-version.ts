import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The concurrency token of a memory (contracts, memory-version.ts): an integer rather than `updated_at`, whose
 * microseconds do not survive JSON (milliseconds) and which two saves in the same instant could share. A constant
 * default adds the column without rewriting the table; every existing memory starts at version 1.
 */
export class AddMemoryVersion1733000000000 implements MigrationInterface {
  readonly name = 'AddMemoryVersion1733000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory"."memories" ADD COLUMN "version" integer NOT NULL DEFAULT 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory"."memories" DROP COLUMN "version"`);
  }
}
