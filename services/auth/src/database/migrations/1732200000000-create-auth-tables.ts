import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Users, refresh tokens and one-time action tokens. E-mail is unique case-insensitively through an index on
 * lower(email) (no citext: that extension needs a superuser on managed PostgreSQL). Every token is stored as its
 * SHA-256 hash only.
 */
export class CreateAuthTables1732200000000 implements MigrationInterface {
  readonly name = 'CreateAuthTables1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(200) NOT NULL,
        "email" varchar(320) NOT NULL,
        "phone_number" varchar(16),
        "profile_image_url" varchar(2048),
        "password_hash" text NOT NULL,
        "email_verified_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_lower_key" ON "auth"."users" (lower("email"))`);
    await queryRunner.query(`
      CREATE TABLE "auth"."refresh_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "family_id" uuid NOT NULL,
        "token_hash" char(64) NOT NULL UNIQUE,
        "persistent" boolean NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "replaced_by" uuid,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_family_idx" ON "auth"."refresh_tokens" ("family_id")`);
    await queryRunner.query(`CREATE INDEX "refresh_tokens_user_idx" ON "auth"."refresh_tokens" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "auth"."action_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "purpose" varchar(32) NOT NULL CHECK ("purpose" IN ('password-reset', 'email-verification')),
        "token_hash" char(64) NOT NULL UNIQUE,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "action_tokens_user_idx" ON "auth"."action_tokens" ("user_id", "purpose")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."action_tokens"`);
    await queryRunner.query(`DROP TABLE "auth"."refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "auth"."users"`);
  }
}
