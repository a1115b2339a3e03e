import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Journals (issue 37): every memory belongs to one. This migration only changes the catalog and writes one row per
 * person, so it takes milliseconds inside the one migration transaction at any number of memories. Filling
 * `journal_id` for the memories already there, then making it NOT NULL and indexing it, runs after the transaction in
 * batches (database/backfills/assign-default-journals.ts), so no statement locks the memories for long.
 *
 * A journal's members include its owner (`role = 'owner'`): each person's journals, their order and their default
 * are rows of journal_members. A locked journal keeps its key wrapped by the browser (`key_envelope`); its memories
 * keep one ciphertext (`sealed`) and empty plaintext columns, and the version trigger keeps the old ciphertexts.
 */
export class AddJournals1734100000000 implements MigrationInterface {
  readonly name = 'AddJournals1734100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."journals" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" text NOT NULL,
        "name" varchar(80) NOT NULL,
        "color" varchar(7) NOT NULL CHECK ("color" ~ '^#[0-9a-fA-F]{6}$'),
        "locked" boolean NOT NULL DEFAULT false,
        "key_envelope" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CHECK ("locked" = ("key_envelope" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "journals_owner_idx" ON "memory"."journals" ("owner_id")`);
    await queryRunner.query(`
      CREATE TABLE "memory"."journal_members" (
        "journal_id" uuid NOT NULL REFERENCES "memory"."journals" ("id") ON DELETE CASCADE,
        "user_id" text NOT NULL,
        "role" text NOT NULL CHECK ("role" IN ('owner', 'editor', 'viewer')),
        "position" integer NOT NULL DEFAULT 0,
        "is_default" boolean NOT NULL DEFAULT false CHECK (NOT "is_default" OR "role" = 'owner'),
        "joined_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("journal_id", "user_id")
      )`);
    await queryRunner.query(
      `CREATE INDEX "journal_members_user_idx" ON "memory"."journal_members" ("user_id", "position", "journal_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "journal_members_default_idx" ON "memory"."journal_members" ("user_id") WHERE "is_default"`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "journal_members_owner_idx" ON "memory"."journal_members" ("journal_id") WHERE "role" = 'owner'`,
    );
    // Nullable and without a default: adding it rewrites nothing. The backfill fills it; closing makes it NOT NULL.
    await queryRunner.query(`ALTER TABLE "memory"."memories" ADD COLUMN "journal_id" uuid, ADD COLUMN "sealed" text`);
    await queryRunner.query(`ALTER TABLE "memory"."memory_versions" ADD COLUMN "sealed" text`);
    // Each journal's memories and drafts, kept by the same statement-level triggers as the owner's counters: a
    // journal's list answers its total, and the journal list its memory counts, without counting rows. The backfill's
    // updates fill them as they give memories their journal.
    await queryRunner.query(`
      CREATE TABLE "memory"."journal_counts" (
        "journal_id" uuid PRIMARY KEY REFERENCES "memory"."journals" ("id") ON DELETE CASCADE,
        "total" integer NOT NULL DEFAULT 0,
        "drafts" integer NOT NULL DEFAULT 0
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "memory"."count_journal_memories"() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        changes text := CASE TG_OP
          WHEN 'INSERT' THEN 'SELECT journal_id, is_draft, 1 AS n FROM added'
          WHEN 'DELETE' THEN 'SELECT journal_id, is_draft, -1 AS n FROM removed'
          ELSE 'SELECT journal_id, is_draft, 1 AS n FROM added UNION ALL SELECT journal_id, is_draft, -1 FROM removed'
        END;
      BEGIN
        EXECUTE format($sql$
          INSERT INTO memory.journal_counts AS c (journal_id, total, drafts)
          SELECT journal_id, sum(n), coalesce(sum(n) FILTER (WHERE is_draft), 0) FROM (%s) d
          WHERE journal_id IS NOT NULL
          GROUP BY journal_id HAVING sum(n) <> 0 OR coalesce(sum(n) FILTER (WHERE is_draft), 0) <> 0 ORDER BY journal_id
          ON CONFLICT (journal_id) DO UPDATE SET total = c.total + excluded.total, drafts = c.drafts + excluded.drafts
        $sql$, changes);
        RETURN NULL;
      END
      $body$`);
    for (const [operation, tables] of [
      ['INSERT', 'NEW TABLE AS added'],
      ['UPDATE', 'OLD TABLE AS removed NEW TABLE AS added'],
      ['DELETE', 'OLD TABLE AS removed'],
    ]) {
      await queryRunner.query(`
        CREATE TRIGGER "memories_journal_count_${operation.toLowerCase()}" AFTER ${operation} ON "memory"."memories"
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION "memory"."count_journal_memories"()`);
    }
    // Everyone with memories gets their default journal now; anyone who wrote their first memory meanwhile (a rolling
    // deploy) gets theirs from the backfill.
    await queryRunner.query(`
      WITH made AS (
        INSERT INTO "memory"."journals" (owner_id, name, color)
        SELECT user_id, 'Journal', '#3f6ad8' FROM "memory"."owner_counts"
        RETURNING id, owner_id
      )
      INSERT INTO "memory"."journal_members" (journal_id, user_id, role, is_default)
      SELECT id, owner_id, 'owner', true FROM made`);
    // The version trigger's function is replaced by one that keeps `sealed` too; the previous one stays under another
    // name so that `down` gives back exactly what was there.
    await queryRunner.query(`DROP TRIGGER "memories_keep_version" ON "memory"."memories"`);
    await queryRunner.query(`ALTER FUNCTION "memory"."keep_memory_version"() RENAME TO "keep_memory_version_unsealed"`);
    await queryRunner.query(KEEP_VERSION_WITH_SEALED);
    await queryRunner.query(`
      CREATE TRIGGER "memories_keep_version"
      BEFORE UPDATE OF "title", "date", "content_json", "tags", "is_draft", "thumbnail_url", "sealed"
      ON "memory"."memories" FOR EACH ROW EXECUTE FUNCTION "memory"."keep_memory_version"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "memories_keep_version" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."keep_memory_version"()`);
    await queryRunner.query(`ALTER FUNCTION "memory"."keep_memory_version_unsealed"() RENAME TO "keep_memory_version"`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_keep_version"
      BEFORE UPDATE OF "title", "date", "content_json", "tags", "is_draft", "thumbnail_url"
      ON "memory"."memories" FOR EACH ROW EXECUTE FUNCTION "memory"."keep_memory_version"()`);
    await queryRunner.query(`ALTER TABLE "memory"."memory_versions" DROP COLUMN "sealed"`);
    for (const operation of ['insert', 'update', 'delete'])
      await queryRunner.query(`DROP TRIGGER "memories_journal_count_${operation}" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."count_journal_memories"()`);
    await queryRunner.query(`DROP TABLE "memory"."journal_counts"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "memory"."memories_journal_created_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "memory"."memories_journal_date_idx"`);
    await queryRunner.query(`ALTER TABLE "memory"."memories" DROP COLUMN "journal_id", DROP COLUMN "sealed"`);
    await queryRunner.query(`DROP TABLE "memory"."journal_members"`);
    await queryRunner.query(`DROP TABLE "memory"."journals"`);
  }
}

/** KeepMemoryVersions' trigger function, with a locked memory's ciphertext kept and compared like its content. */
const KEEP_VERSION_WITH_SEALED = `
  CREATE FUNCTION "memory"."keep_memory_version"() RETURNS trigger LANGUAGE plpgsql AS $body$
  DECLARE
    kind text := coalesce(nullif(current_setting('memories.change_kind', true), ''), 'save');
  BEGIN
    IF kind <> 'auto' THEN
      NEW.history_collapse_until := NULL;
    END IF;
    IF (NEW.title, NEW.date, NEW.content_json, NEW.tags, NEW.is_draft, NEW.thumbnail_url, NEW.sealed)
       IS NOT DISTINCT FROM (OLD.title, OLD.date, OLD.content_json, OLD.tags, OLD.is_draft, OLD.thumbnail_url, OLD.sealed) THEN
      RETURN NEW;
    END IF;
    IF kind = 'auto' AND OLD.history_collapse_until > now() THEN
      RETURN NEW;
    END IF;
    INSERT INTO memory.memory_versions (memory_id, title, date, content_json, content_text, tags, is_draft,
      thumbnail_url, image_sources, word_count, saved_at, replaced_by, sealed)
    VALUES (OLD.id, OLD.title, OLD.date, OLD.content_json, OLD.content_text, OLD.tags, OLD.is_draft,
      OLD.thumbnail_url, OLD.image_sources, OLD.word_count, OLD.updated_at, kind, OLD.sealed);
    IF kind = 'auto' THEN
      NEW.history_collapse_until := now() + interval '10 minutes';
    END IF;
    DELETE FROM memory.memory_versions v
    WHERE v.memory_id = OLD.id AND v.replaced_at < now() - interval '30 days'
      AND v.id NOT IN (
        SELECT k.id FROM memory.memory_versions k WHERE k.memory_id = OLD.id
        ORDER BY k.replaced_at DESC, k.id DESC LIMIT 100
      );
    RETURN NEW;
  END
  $body$`;
