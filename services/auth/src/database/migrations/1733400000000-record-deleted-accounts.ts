import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The record of deleted accounts that every service holding users' data follows (`auth.users.deletions`): only the
 * id and when, nothing else of the person. `position` orders them; deletions take a lock on this table, so positions
 * are also in commit order and a follower's "after" never skips a deletion that committed late.
 */
export class RecordDeletedAccounts1733400000000 implements MigrationInterface {
  readonly name = 'RecordDeletedAccounts1733400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."deleted_accounts" (
        "position" bigserial PRIMARY KEY,
        "user_id" uuid NOT NULL UNIQUE,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "auth"."deleted_accounts"`);
  }
}
