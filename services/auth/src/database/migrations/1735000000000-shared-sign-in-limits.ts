import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's rate limits, kept here so that every gateway replica counts the same requests, and the failed
 * sign-ins of each address, which pause sign-in to that account from anywhere after too many.
 */
export class SharedSignInLimits1735000000000 implements MigrationInterface {
  readonly name = 'SharedSignInLimits1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."rate_limits" (
        "key" varchar(128) PRIMARY KEY,
        "hits" integer NOT NULL,
        "window_ends_at" timestamptz NOT NULL
      )`);
    // By address, not by account: an unknown address is counted the same, so a pause tells nobody it exists.
    await queryRunner.query(`
      CREATE TABLE "auth"."sign_in_failures" (
        "email" varchar(320) PRIMARY KEY,
        "failures" integer NOT NULL,
        "window_ends_at" timestamptz NOT NULL,
        "paused_until" timestamptz
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."sign_in_failures"`);
    await queryRunner.query(`DROP TABLE "auth"."rate_limits"`);
  }
}
