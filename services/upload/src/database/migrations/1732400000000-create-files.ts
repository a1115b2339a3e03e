import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per upload grant. `verified_at` is set once the bytes arrived within the cap and their magic bytes match
 * the granted type; `referenced_at` is the last time a memory was seen referencing the file (the 24-hour sweep
 * removes files that never got one).
 */
export class CreateFiles1732400000000 implements MigrationInterface {
  readonly name = 'CreateFiles1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "upload"."files" (
        "key" varchar(200) PRIMARY KEY,
        "owner_id" varchar(64) NOT NULL,
        "content_type" varchar(32) NOT NULL,
        "size" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "verified_at" timestamptz,
        "referenced_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "files_owner_idx" ON "upload"."files" ("owner_id")`);
    await queryRunner.query(
      `CREATE INDEX "files_unreferenced_idx" ON "upload"."files" ("created_at") WHERE "referenced_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "upload"."files"`);
  }
}
