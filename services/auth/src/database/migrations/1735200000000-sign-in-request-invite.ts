import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The invite a single sign-on started with, for the account its first sign-in makes. The token itself, as the
 * sign-up admission takes it; it is cleared when the callback claims the request and when the request expires
 * (10 minutes), so it never outlives the sign-in it came with.
 */
export class SignInRequestInvite1735200000000 implements MigrationInterface {
  readonly name = 'SignInRequestInvite1735200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."sign_in_requests" ADD COLUMN "invite_token" varchar(128)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."sign_in_requests" DROP COLUMN "invite_token"`);
  }
}
