import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memories and their shares. The search vector is a STORED generated column (title weight A, text weight B), so
 * it can never drift from the row; the body is cut at 200,000 characters before indexing because a tsvector is
 * limited to 1 MB (positions stop at 16,383 anyway). Every list ordering has a b-tree index starting with the
 * owner (titles sort case-insensitively, by lower(title)), tags and the vector have GIN indexes, shares are indexed
 * both ways.
 */
export class CreateMemories1732200000000 implements MigrationInterface {
  readonly name = 'CreateMemories1732200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."memories" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" text NOT NULL,
        "user_email" text NOT NULL,
        "title" varchar(200) NOT NULL,
        "date" timestamp(0) NOT NULL,
        "content_json" text NOT NULL,
        "content_html" text NOT NULL,
        "content_text" text NOT NULL,
        "tags" text[] NOT NULL DEFAULT '{}',
        "is_draft" boolean NOT NULL DEFAULT true,
        "thumbnail_url" text NOT NULL DEFAULT '',
        "image_sources" text[] NOT NULL DEFAULT '{}',
        "word_count" integer NOT NULL DEFAULT 0,
        "reading_time" integer NOT NULL DEFAULT 0,
        "view_count" integer NOT NULL DEFAULT 0,
        "like_count" integer NOT NULL DEFAULT 0,
        "comment_count" integer NOT NULL DEFAULT 0,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "search_vector" tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
          setweight(to_tsvector('english'::regconfig, left("content_text", 200000)), 'B')
        ) STORED
      )`);
    await queryRunner.query(
      `CREATE INDEX "memories_user_created_idx" ON "memory"."memories" ("user_id", "created_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "memories_user_title_idx" ON "memory"."memories" ("user_id", lower("title"), "id")`,
    );
    await queryRunner.query(`CREATE INDEX "memories_tags_idx" ON "memory"."memories" USING gin ("tags")`);
    await queryRunner.query(`CREATE INDEX "memories_search_idx" ON "memory"."memories" USING gin ("search_vector")`);
    await queryRunner.query(`
      CREATE TABLE "memory"."memory_shares" (
        "memory_id" uuid NOT NULL REFERENCES "memory"."memories" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("memory_id", "user_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "memory_shares_user_idx" ON "memory"."memory_shares" ("user_id", "memory_id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "memory"."memory_shares"`);
    await queryRunner.query(`DROP TABLE "memory"."memories"`);
  }
}
