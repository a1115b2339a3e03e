import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every owner's own words (the lexemes of their memories' search vectors) with the number of memories using each,
 * kept by statement-level triggers in the same transaction as the memories, like the counters of
 * CountMemoriesPerOwner. Search reads it twice: "Did you mean" finds the closest known words of a word nothing
 * matched (pg_trgm similarity, a trigram index per owner), and a word also matches the owner's other forms of it
 * (`stem`: its English Snowball stem, so "walking" finds "walked"; a word of another language only ever matches
 * words its owner wrote, never a stem invented for it). A word no memory uses any more is deleted.
 */
export class CountOwnerWords1733500000001 implements MigrationInterface {
  readonly name = 'CountOwnerWords1733500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."owner_words" (
        "user_id" text NOT NULL,
        "word" text NOT NULL,
        "stem" text,
        "memories" integer NOT NULL,
        PRIMARY KEY ("user_id", "word")
      )`);
    // The words of the memories already there, before the indexes (one sorted load instead of one insert per word).
    await queryRunner.query(`
      INSERT INTO "memory"."owner_words" (user_id, word, stem, memories)
      SELECT m.user_id, l.word, (ts_lexize('english_stem', l.word))[1], count(*)
      FROM "memory"."memories" m CROSS JOIN LATERAL unnest(tsvector_to_array(m.search_vector)) AS l(word)
      GROUP BY m.user_id, l.word`);
    await queryRunner.query(`CREATE INDEX "owner_words_stem_idx" ON "memory"."owner_words" ("user_id", "stem")`);
    await queryRunner.query(
      `CREATE INDEX "owner_words_trgm_idx" ON "memory"."owner_words" USING gin ("user_id", "word" "memory"."gin_trgm_ops")`,
    );
    await queryRunner.query(`ANALYZE "memory"."owner_words"`);
    // One function for the three triggers, as count_memories: the words of the added rows count +1, of the removed
    // rows -1; an update that leaves the text alone (a view counted, a publish) changes no word.
    await queryRunner.query(`
      CREATE FUNCTION "memory"."count_words"() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT user_id, search_vector, 1 AS n FROM added'
          WHEN 'DELETE' THEN 'SELECT user_id, search_vector, -1 AS n FROM removed'
          ELSE 'SELECT a.user_id, a.search_vector, 1 AS n FROM added a JOIN removed r USING (id) WHERE a.search_vector <> r.search_vector
                UNION ALL
                SELECT r.user_id, r.search_vector, -1 FROM added a JOIN removed r USING (id) WHERE a.search_vector <> r.search_vector'
        END;
      BEGIN
        EXECUTE format($sql$
          INSERT INTO memory.owner_words AS w (user_id, word, stem, memories)
          SELECT d.user_id, l.word, (ts_lexize('english_stem', l.word))[1], sum(d.n)
          FROM (%s) d CROSS JOIN LATERAL unnest(tsvector_to_array(d.search_vector)) AS l(word)
          GROUP BY d.user_id, l.word HAVING sum(d.n) <> 0 ORDER BY d.user_id, l.word
          ON CONFLICT (user_id, word) DO UPDATE SET memories = w.memories + excluded.memories
        $sql$, changes);
        IF TG_OP <> 'INSERT' THEN
          -- Only the words that lost a memory can have reached zero; their rows are locked by the upsert above.
          EXECUTE format($sql$
            DELETE FROM memory.owner_words w
            USING (SELECT DISTINCT d.user_id, l.word FROM (%s) d CROSS JOIN LATERAL unnest(tsvector_to_array(d.search_vector)) AS l(word)
                   WHERE d.n < 0) lost
            WHERE w.user_id = lost.user_id AND w.word = lost.word AND w.memories <= 0
          $sql$, changes);
        END IF;
        RETURN NULL;
      END
      $body$`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_words_insert" AFTER INSERT ON "memory"."memories"
      REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_words"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_words_update" AFTER UPDATE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_words"()`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_words_delete" AFTER DELETE ON "memory"."memories"
      REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_words"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "memories_words_delete" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_words_update" ON "memory"."memories"`);
    await queryRunner.query(`DROP TRIGGER "memories_words_insert" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."count_words"()`);
    await queryRunner.query(`DROP TABLE "memory"."owner_words"`);
  }
}
