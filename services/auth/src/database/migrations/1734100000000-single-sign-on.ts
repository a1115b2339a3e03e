import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Single sign-on: accounts linked to a provider's (issuer, subject); the authorization requests a browser started
 * (single-use, 10 minutes; the state and the browser's cookie kept as SHA-256 hashes, the PKCE verifier and the
 * nonce as the callback needs them); the ID token of a session started by single sign-on (the provider's logout asks
 * for it); and accounts without a password (made by single sign-on).
 */
export class SingleSignOn1734100000000 implements MigrationInterface {
  readonly name = 'SingleSignOn1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."users" ALTER COLUMN "password_hash" DROP NOT NULL`);
    await queryRunner.query(`
      CREATE TABLE "auth"."linked_identities" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "issuer" varchar(2048) NOT NULL,
        "subject" varchar(255) NOT NULL,
        "email" varchar(320),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz,
        CONSTRAINT "linked_identities_issuer_subject_key" UNIQUE ("issuer", "subject")
      )`);
    await queryRunner.query(`CREATE INDEX "linked_identities_user_idx" ON "auth"."linked_identities" ("user_id")`);
    await queryRunner.query(`
      CREATE TABLE "auth"."sign_in_requests" (
        "state_hash" char(64) PRIMARY KEY,
        "binding_hash" char(64) NOT NULL,
        "purpose" varchar(16) NOT NULL CHECK ("purpose" IN ('sign-in', 'link')),
        "user_id" uuid REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "code_verifier" varchar(128) NOT NULL,
        "nonce" varchar(128) NOT NULL,
        "persistent" boolean NOT NULL,
        "return_to" varchar(1024) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        CHECK (("purpose" = 'link') = ("user_id" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "sign_in_requests_expiry_idx" ON "auth"."sign_in_requests" ("expires_at")`);
    await queryRunner.query(`ALTER TABLE "auth"."sessions" ADD COLUMN "id_token" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."sessions" DROP COLUMN "id_token"`);
    await queryRunner.query(`DROP TABLE "auth"."sign_in_requests"`);
    await queryRunner.query(`DROP TABLE "auth"."linked_identities"`);
    // An account made by single sign-on has no password: it keeps one it can never use (no hash matches it).
    await queryRunner.query(`UPDATE "auth"."users" SET "password_hash" = '!' WHERE "password_hash" IS NULL`);
    await queryRunner.query(`ALTER TABLE "auth"."users" ALTER COLUMN "password_hash" SET NOT NULL`);
  }
}
