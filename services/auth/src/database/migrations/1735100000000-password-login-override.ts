import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The instance owner's break-glass (`admin password-login on`): a password sign-in turned on in the database, which
 * wins over PASSWORD_LOGIN=false until it is cleared again (null: the environment decides).
 */
export class PasswordLoginOverride1735100000000 implements MigrationInterface {
  readonly name = 'PasswordLoginOverride1735100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."instance_settings" ADD COLUMN "password_login" boolean`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "auth"."instance_settings" DROP COLUMN "password_login"`);
  }
}
