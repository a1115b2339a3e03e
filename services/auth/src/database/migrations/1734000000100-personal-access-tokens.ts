import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Personal access tokens: only a SHA-256 hash of each token is kept (256 random bits, so a fast hash suffices);
 * revoking deletes the row, and deleting the account deletes its tokens.
 */
export class PersonalAccessTokens1734000000100 implements MigrationInterface {
  readonly name = 'PersonalAccessTokens1734000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."personal_access_tokens" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "name" varchar(100) NOT NULL,
        "scope" varchar(8) NOT NULL CHECK ("scope" IN ('read', 'write')),
        "token_hash" varchar(64) NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz,
        "last_used_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "personal_access_tokens_user_idx" ON "auth"."personal_access_tokens" ("user_id", "created_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."personal_access_tokens"`);
  }
}
