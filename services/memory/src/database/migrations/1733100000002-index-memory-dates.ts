import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for looking back by a memory's own date. `(user_id, date, id)` orders the timeline (its keyset is
 * `(date, id)`, read backwards), answers a calendar range and the years from the index alone, and carries
 * `word_count` so the writing stats sum words without reading the rows. The month-and-day expression finds
 * On This Day's memories of every year in one index range per day.
 */
export class IndexMemoryDates1733100000002 implements MigrationInterface {
  readonly name = 'IndexMemoryDates1733100000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "memories_user_date_idx" ON "memory"."memories" ("user_id", "date", "id") INCLUDE ("word_count")`,
    );
    await queryRunner.query(
      `CREATE INDEX "memories_user_month_day_idx" ON "memory"."memories"
       ("user_id", ((EXTRACT(MONTH FROM "date") * 100 + EXTRACT(DAY FROM "date"))::int), "date")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "memory"."memories_user_month_day_idx"`);
    await queryRunner.query(`DROP INDEX "memory"."memories_user_date_idx"`);
  }
}
