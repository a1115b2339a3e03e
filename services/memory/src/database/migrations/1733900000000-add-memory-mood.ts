import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a memory felt (contracts, memory-mood.ts): 1 to 5, or NULL for no mood. A nullable column without a default is
 * added without rewriting or reading the table, so this is instant on a million memories. The CHECK is added
 * NOT VALID for the same reason: every existing row holds NULL, which it accepts, so validating would only scan the
 * table under the migration's exclusive lock; every insert and update is checked from now on all the same.
 */
export class AddMemoryMood1733900000000 implements MigrationInterface {
  readonly name = 'AddMemoryMood1733900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory"."memories" ADD COLUMN "mood" smallint`);
    await queryRunner.query(
      `ALTER TABLE "memory"."memories" ADD CONSTRAINT "memories_mood_range" CHECK ("mood" BETWEEN 1 AND 5) NOT VALID`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory"."memories" DROP COLUMN "mood"`);
  }
}
