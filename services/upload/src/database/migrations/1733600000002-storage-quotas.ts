import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storage quotas: the quota an admin gave an account (a row with NULL: no quota; no row: STORAGE_QUOTA_MB), the
 * size of each import archive while it waits for its job (it counts against the quota), and what an import did with
 * the archive's shares: the addresses it looked up (at most MAX_IMPORT_SHARE_RECIPIENTS, each the account found or
 * none), whether the archive named more, and how many memories it shared again with each address.
 */
export class StorageQuotas1733600000002 implements MigrationInterface {
  readonly name = 'StorageQuotas1733600000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "upload"."storage_quotas" (
        "user_id" varchar(64) PRIMARY KEY,
        "quota_mb" integer CHECK ("quota_mb" > 0),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      ALTER TABLE "upload"."import_jobs"
        ADD COLUMN "archive_bytes" bigint NOT NULL DEFAULT 0,
        ADD COLUMN "share_lookups" jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN "share_recipients_capped" boolean NOT NULL DEFAULT false,
        ADD COLUMN "restored_shares" jsonb NOT NULL DEFAULT '{}'`);
    // Sums of an owner's verified files, for the quota check of every upload.
    await queryRunner.query(
      `CREATE INDEX "files_owner_size_idx" ON "upload"."files" ("owner_id") INCLUDE ("size") WHERE "verified_at" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "upload"."files_owner_size_idx"`);
    await queryRunner.query(`
      ALTER TABLE "upload"."import_jobs"
        DROP COLUMN "restored_shares", DROP COLUMN "share_recipients_capped", DROP COLUMN "share_lookups",
        DROP COLUMN "archive_bytes"`);
    await queryRunner.query(`DROP TABLE "upload"."storage_quotas"`);
  }
}
