import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exports and imports of whole journals, keyed by owner so that an account's rows can be deleted with it.
 * `export_runs`: one row per export (its one-time download ticket, stored hashed, and its progress).
 * `import_jobs`: one row per imported archive: the archive in storage, the format found, the report, and the
 * checkpoint (`processed` entries in archive order, `in_flight` source keys of the page being written) that lets
 * a job resume after a restart without counting an entry twice.
 */
export class CreateTransferTables1733300000000 implements MigrationInterface {
  readonly name = 'CreateTransferTables1733300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "upload"."export_runs" (
        "id" uuid PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "ticket_hash" varchar(64),
        "ticket_expires_at" timestamptz,
        "status" varchar(16) NOT NULL CHECK ("status" IN ('ready', 'running', 'done', 'failed')),
        "memories_total" integer NOT NULL DEFAULT 0,
        "memories_written" integer NOT NULL DEFAULT 0,
        "bytes_written" bigint NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "export_runs_owner_idx" ON "upload"."export_runs" ("owner_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "upload"."import_jobs" (
        "id" uuid PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "format" varchar(16) NOT NULL CHECK ("format" IN ('memories', 'dayone', 'markdown')),
        "file_name" varchar(255) NOT NULL,
        "archive_key" varchar(200) NOT NULL,
        "root" varchar(255) NOT NULL DEFAULT '',
        "status" varchar(16) NOT NULL CHECK ("status" IN ('queued', 'running', 'done', 'failed')),
        "total" integer NOT NULL DEFAULT 0,
        "processed" integer NOT NULL DEFAULT 0,
        "imported" integer NOT NULL DEFAULT 0,
        "skipped" integer NOT NULL DEFAULT 0,
        "failed" integer NOT NULL DEFAULT 0,
        "errors" jsonb NOT NULL DEFAULT '[]',
        "in_flight" jsonb NOT NULL DEFAULT '[]',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "import_jobs_owner_idx" ON "upload"."import_jobs" ("owner_id", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload"."import_jobs"`);
    await queryRunner.query(`DROP TABLE "upload"."export_runs"`);
  }
}
