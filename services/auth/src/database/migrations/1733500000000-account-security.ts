import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account security: a row per signed-in session (a refresh-token family, with the browser that started it and when
 * it was last used), two-factor sign-in (one encrypted TOTP secret per user, its last accepted time step, recent
 * wrong codes; recovery codes by SHA-256 hash), passkeys, and the single-use WebAuthn challenges.
 */
export class AccountSecurity1733500000000 implements MigrationInterface {
  readonly name = 'AccountSecurity1733500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."sessions" (
        "id" uuid PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "user_agent" varchar(512),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "sessions_user_idx" ON "auth"."sessions" ("user_id") WHERE "revoked_at" IS NULL`,
    );
    // Every existing refresh-token family becomes a session (no browser known), so the foreign key below holds.
    await queryRunner.query(`
      INSERT INTO "auth"."sessions" ("id", "user_id", "created_at", "last_used_at", "expires_at", "revoked_at")
      SELECT "family_id", (array_agg("user_id"))[1], min("created_at"), max("created_at"), max("expires_at"),
             CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
      FROM "auth"."refresh_tokens" GROUP BY "family_id"`);
    await queryRunner.query(`
      ALTER TABLE "auth"."refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_fkey"
        FOREIGN KEY ("family_id") REFERENCES "auth"."sessions" ("id") ON DELETE CASCADE`);

    await queryRunner.query(`
      CREATE TABLE "auth"."two_factor" (
        "user_id" uuid PRIMARY KEY REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "secret_ciphertext" text NOT NULL,
        "enabled_at" timestamptz,
        "last_used_step" bigint,
        "failed_attempts" integer NOT NULL DEFAULT 0,
        "failures_since" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "auth"."recovery_codes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "code_hash" char(64) NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "code_hash")
      )`);

    await queryRunner.query(`
      CREATE TABLE "auth"."passkeys" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "credential_id" varchar(1024) NOT NULL UNIQUE,
        "public_key" bytea NOT NULL,
        "counter" bigint NOT NULL,
        "transports" text[] NOT NULL DEFAULT '{}',
        "name" varchar(100) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX "passkeys_user_idx" ON "auth"."passkeys" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "auth"."webauthn_challenges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "purpose" varchar(16) NOT NULL CHECK ("purpose" IN ('registration', 'authentication')),
        "challenge" varchar(128) NOT NULL,
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "webauthn_challenges_expiry_idx" ON "auth"."webauthn_challenges" ("expires_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."webauthn_challenges"`);
    await queryRunner.query(`DROP TABLE "auth"."passkeys"`);
    await queryRunner.query(`DROP TABLE "auth"."recovery_codes"`);
    await queryRunner.query(`DROP TABLE "auth"."two_factor"`);
    await queryRunner.query(`ALTER TABLE "auth"."refresh_tokens" DROP CONSTRAINT "refresh_tokens_session_fkey"`);
    await queryRunner.query(`DROP TABLE "auth"."sessions"`);
  }
}
