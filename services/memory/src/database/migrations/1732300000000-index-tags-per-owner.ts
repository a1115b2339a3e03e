import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tag filter always comes with the owner. A GIN index on tags alone makes PostgreSQL fetch every row with that
 * tag across all users and filter by owner afterwards (a popular tag at a million memories: seconds); a GIN index
 * over (user_id, tags) intersects both inside the index. btree_gin (a trusted contrib extension shipped with
 * PostgreSQL) gives GIN the equality operator for user_id.
 */
export class IndexTagsPerOwner1732300000000 implements MigrationInterface {
  readonly name = 'IndexTagsPerOwner1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA "memory"`);
    await queryRunner.query(`DROP INDEX "memory"."memories_tags_idx"`);
    await queryRunner.query(
      `CREATE INDEX "memories_user_tags_idx" ON "memory"."memories" USING gin ("user_id", "tags")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "memory"."memories_user_tags_idx"`);
    await queryRunner.query(`CREATE INDEX "memories_tags_idx" ON "memory"."memories" USING gin ("tags")`);
  }
}
