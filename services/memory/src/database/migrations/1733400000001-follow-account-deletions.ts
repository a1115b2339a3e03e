import type { MigrationInterface, QueryRunner } from 'typeorm';
import { followedAccountDeletionsTable } from '@memories/nest-common';

/** Where this service is in the auth service's record of deleted accounts (see AccountDeletionFollower). */
export class FollowAccountDeletions1733400000001 implements MigrationInterface {
  readonly name = 'FollowAccountDeletions1733400000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(followedAccountDeletionsTable('memory'));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "memory"."followed_account_deletions"`);
  }
}
