import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Looking back by a memory's own date. How many memories (and words) each owner has on each day is kept by
 * statement-level triggers in the same transaction as the memories, like the counters of CountMemoriesPerOwner: a
 * calendar, a year's heat map, the years, the streaks and the monthly counts then read at most one row per day with
 * memories (about a thousand for three years of daily writing) instead of counting the memories themselves.
 *
 * Also two indexes: `(user_id, date, id)` orders the timeline (its keyset is `(date, id)`, read backwards) and a
 * day's or a date-sorted list; the month-and-day expression finds On This Day's memories of every year in one index
 * range per day.
 */
export class CountMemoriesPerDay1733500000002 implements MigrationInterface {
  readonly name = 'CountMemoriesPerDay1733500000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."owner_day_counts" (
        "user_id" text NOT NULL,
        "day" date NOT NULL,
        "memories" integer NOT NULL,
        "words" integer NOT NULL,
        PRIMARY KEY ("user_id", "day")
      )`);
    await queryRunner.query(`
      INSERT INTO "memory"."owner_day_counts" (user_id, day, memories, words)
      SELECT user_id, date::date, count(*), sum(word_count) FROM "memory"."memories" GROUP BY user_id, date::date`);
    await queryRunner.query(`ANALYZE "memory"."owner_day_counts"`);
    // As count_memories: the added rows count +1, the removed -1; an update that keeps the date and the words nets to
    // zero and writes nothing. A day without memories any more is deleted.
    await queryRunner.query(`
      CREATE FUNCTION "memory"."count_memory_days"() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT user_id, date, word_count, 1 AS n FROM added'
          WHEN 'DELETE' THEN 'SELECT user_id, date, word_count, -1 AS n FROM removed'
          ELSE 'SELECT user_id, date, word_count, 1 AS n FROM added UNION ALL SELECT user_id, date, word_count, -1 FROM removed'
        END;
      BEGIN
        EXECUTE format($sql$
          INSERT INTO memory.owner_day_counts AS c (user_id, day, memories, words)
          SELECT user_id, date::date, sum(n), sum(n * word_count) FROM (%s) d
          GROUP BY user_id, date::date HAVING sum(n) <> 0 OR sum(n * word_count) <> 0 ORDER BY 1, 2
          ON CONFLICT (user_id, day) DO UPDATE SET memories = c.memories + excluded.memories, words = c.words + excluded.words
        $sql$, changes);
        IF TG_OP <> 'INSERT' THEN
          EXECUTE format($sql$
            DELETE FROM memory.owner_day_counts c
            USING (SELECT DISTINCT user_id, date::date AS day FROM (%s) d WHERE n < 0) lost
            WHERE c.user_id = lost.user_id AND c.day = lost.day AND c.memories <= 0
          $sql$, changes);
        END IF;
        RETURN NULL;
      END
      $body$`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_days_insert" AFTER INSERT ON "memory"."memories"
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memory_days"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_days_update" AFTER UPDATE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memory_days"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_days_delete" AFTER DELETE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memory_days"()`);
    await queryRunner.query(`CREATE INDEX "memories_user_date_idx" ON "memory"."memories" ("user_id", "date", "id")`);
    await queryRunner.query(
      `CREATE INDEX "memories_user_month_day_idx" ON "memory"."memories"
       ("user_id", ((EXTRACT(MONTH FROM "date") * 100 + EXTRACT(DAY FROM "date"))::int), "date")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "memory"."memories_user_month_day_idx"`);
    await queryRunner.query(`DROP INDEX "memory"."memories_user_date_idx"`);
    await queryRunner.query(`DROP TRIGGER "memories_days_delete" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_days_update" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_days_insert" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."count_memory_days"()`);
    await queryRunner.query(`DROP TABLE "memory"."owner_day_counts"`);
  }
}
