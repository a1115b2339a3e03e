import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instance administration: a role per account (the oldest account of an existing instance becomes its admin),
 * disabled accounts, the sign-up mode an admin chose (none: SIGNUP_MODE) and invites by token hash.
 */
export class InstanceAdministration1733600000000 implements MigrationInterface {
  readonly name = 'InstanceAdministration1733600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auth"."users"
        ADD COLUMN "role" varchar(16) NOT NULL DEFAULT 'member' CHECK ("role" IN ('admin', 'member')),
        ADD COLUMN "disabled_at" timestamptz`);
    await queryRunner.query(`
      UPDATE "auth"."users" SET "role" = 'admin'
      WHERE "id" = (SELECT "id" FROM "auth"."users" ORDER BY "created_at", "id" LIMIT 1)`);
    await queryRunner.query(`CREATE INDEX "users_admins_idx" ON "auth"."users" ("id") WHERE "role" = 'admin'`);

    await queryRunner.query(`
      CREATE TABLE "auth"."instance_settings" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "signup_mode" varchar(16) CHECK ("signup_mode" IN ('open', 'invite', 'closed')),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE "auth"."invites" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "token_hash" char(64) NOT NULL UNIQUE,
        "email" varchar(320),
        "created_by" uuid REFERENCES "auth"."users" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "used_by" uuid REFERENCES "auth"."users" ("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "invites_pending_idx" ON "auth"."invites" ("expires_at") WHERE "used_at" IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."invites"`);
    await queryRunner.query(`DROP TABLE "auth"."instance_settings"`);
    await queryRunner.query(`DROP INDEX "auth"."users_admins_idx"`);
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN "disabled_at", DROP COLUMN "role"`);
  }
}
