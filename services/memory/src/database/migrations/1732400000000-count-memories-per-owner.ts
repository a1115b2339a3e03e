import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters the database keeps, so a list page does not count the owner's rows for its pagination total: per owner
 * (all memories, drafts) and per owner and tag (memories, drafts). Statement-level triggers with transition
 * tables apply one grouped delta per statement (a bulk insert costs one upsert per owner and tag, not one per
 * row) and lock the counter rows in key order, so concurrent writers of one owner queue instead of deadlocking.
 * The counts are exact: they change in the same transaction as the rows. Tag counters also answer the caller's
 * distinct tags without unnesting every memory.
 *
 * Also, like the tag index, two GIN indexes that start with the owner (btree_gin gives GIN the equality on user_id):
 * the title filter (`ILIKE '%text%'`) is served by trigrams (pg_trgm, a trusted contrib extension), and the search
 * vector is indexed per owner too, so a rare term finds the owner's matches inside one index instead of ANDing a
 * bitmap of all the owner's rows. fastupdate is off on it: a search never scans a pending list of unsorted entries
 * that grows with writes; each insert pays its index update at once instead.
 */
export class CountMemoriesPerOwner1732400000000 implements MigrationInterface {
  readonly name = 'CountMemoriesPerOwner1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."owner_counts" (
        "user_id" text PRIMARY KEY,
        "total" integer NOT NULL DEFAULT 0,
        "drafts" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE TABLE "memory"."owner_tag_counts" (
        "user_id" text NOT NULL,
        "tag" text NOT NULL,
        "total" integer NOT NULL DEFAULT 0,
        "drafts" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("user_id", "tag")
      )`);
    // One function for the three triggers: each names the transition tables it has (`added`, `removed`), and
    // the changes are those rows with +1 / -1. An update that leaves tags and is_draft alone nets to zero.
    await queryRunner.query(`
      CREATE FUNCTION "memory"."count_memories"() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT user_id, tags, is_draft, 1 AS n FROM added'
          WHEN 'DELETE' THEN 'SELECT user_id, tags, is_draft, -1 AS n FROM removed'
          ELSE 'SELECT user_id, tags, is_draft, 1 AS n FROM added UNION ALL SELECT user_id, tags, is_draft, -1 FROM removed'
        END;
      BEGIN
        EXECUTE format($sql$
          INSERT INTO memory.owner_counts AS c (user_id, total, drafts)
          SELECT user_id, sum(n), coalesce(sum(n) FILTER (WHERE is_draft), 0) FROM (%s) d
          GROUP BY user_id HAVING sum(n) <> 0 OR coalesce(sum(n) FILTER (WHERE is_draft), 0) <> 0 ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET total = c.total + excluded.total, drafts = c.drafts + excluded.drafts
        $sql$, changes);
        EXECUTE format($sql$
          INSERT INTO memory.owner_tag_counts AS c (user_id, tag, total, drafts)
          SELECT d.user_id, t.tag, sum(d.n), coalesce(sum(d.n) FILTER (WHERE d.is_draft), 0)
          FROM (%s) d CROSS JOIN LATERAL unnest(d.tags) AS t(tag)
          GROUP BY d.user_id, t.tag HAVING sum(d.n) <> 0 OR coalesce(sum(d.n) FILTER (WHERE d.is_draft), 0) <> 0
          ORDER BY d.user_id, t.tag
          ON CONFLICT (user_id, tag) DO UPDATE SET total = c.total + excluded.total, drafts = c.drafts + excluded.drafts
        $sql$, changes);
        -- A tag no memory carries any more is not one of the owner's tags.
        EXECUTE format($sql$
          DELETE FROM memory.owner_tag_counts WHERE total = 0 AND user_id IN (SELECT user_id FROM (%s) d)
        $sql$, changes);
        RETURN NULL;
      END
      $body$`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_count_insert" AFTER INSERT ON "memory"."memories"
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memories"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_count_update" AFTER UPDATE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memories"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_count_delete" AFTER DELETE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_memories"()`);
    await queryRunner.query(`
      INSERT INTO "memory"."owner_counts" (user_id, total, drafts)
      SELECT user_id, count(*), count(*) FILTER (WHERE is_draft) FROM "memory"."memories" GROUP BY user_id`);
    await queryRunner.query(`
      INSERT INTO "memory"."owner_tag_counts" (user_id, tag, total, drafts)
      SELECT m.user_id, t.tag, count(*), count(*) FILTER (WHERE m.is_draft)
      FROM "memory"."memories" m CROSS JOIN LATERAL unnest(m.tags) AS t(tag) GROUP BY m.user_id, t.tag`);

    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA "memory"`);
    await queryRunner.query(
      `CREATE INDEX "memories_user_title_trgm_idx" ON "memory"."memories" USING gin ("user_id", "title" "memory"."gin_trgm_ops")`,
    );
    await queryRunner.query(
      `CREATE INDEX "memories_user_search_idx" ON "memory"."memories" USING gin ("user_id", "search_vector") WITH (fastupdate = off)`,
    );
    await queryRunner.query(`DROP INDEX "memory"."memories_search_idx"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "memories_search_idx" ON "memory"."memories" USING gin ("search_vector")`);
    await queryRunner.query(`DROP INDEX "memory"."memories_user_search_idx"`);
    await queryRunner.query(`DROP INDEX "memory"."memories_user_title_trgm_idx"`);
    await queryRunner.query(`DROP TRIGGER "memories_count_delete" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_count_update" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_count_insert" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."count_memories"()`);
    await queryRunner.query(`DROP TABLE "memory"."owner_tag_counts"`);
    await queryRunner.query(`DROP TABLE "memory"."owner_counts"`);
  }
}
