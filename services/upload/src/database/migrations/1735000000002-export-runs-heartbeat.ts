import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When an export last moved: one export per person runs at a time, and a run whose process went away (it stays
 * `running`) stops counting once it has not moved for a while.
 */
export class ExportRunsHeartbeat1735000000002 implements MigrationInterface {
  readonly name = 'ExportRunsHeartbeat1735000000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "upload"."export_runs" ADD COLUMN "updated_at" timestamptz NOT NULL DEFAULT now()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "upload"."export_runs" DROP COLUMN "updated_at"`);
  }
}
