import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Version history: every change to what a memory says (title, date, content, tags, draft state, thumbnail) keeps
 * the state it replaced in `memory_versions`. A BEFORE UPDATE trigger records it, in the same transaction as the
 * update, so no caller can skip it: the editor's saves, publishing, restores and any later import all go through
 * the same row update. What replaced a version is read from the transaction-local setting `memories.change_kind`
 * ('save' when unset, 'auto', 'restore').
 *
 * Auto-saves collapse: an auto-save that keeps a version opens a 10-minute window (`history_collapse_until` on the
 * memory) during which further auto-saves replace the current state without keeping it; any other save closes the
 * window, even one that changes nothing (the user asked for a checkpoint). Each memory keeps its newest 100 versions
 * and every version of the last 30 days; older ones beyond both are dropped by the same trigger. Versions keep the
 * image sources so the upload service's clean-up never deletes a file a kept version still shows; they are deleted
 * with their memory (ON DELETE CASCADE). HTML is not kept: it is derived from contentJson when a version is read.
 */
export class KeepMemoryVersions1733200000000 implements MigrationInterface {
  readonly name = 'KeepMemoryVersions1733200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."memory_versions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "memory_id" uuid NOT NULL REFERENCES "memory"."memories" ("id") ON DELETE CASCADE,
        "title" varchar(200) NOT NULL,
        "date" timestamp(0) NOT NULL,
        "content_json" text NOT NULL,
        "content_text" text NOT NULL,
        "tags" text[] NOT NULL,
        "is_draft" boolean NOT NULL,
        "thumbnail_url" text NOT NULL,
        "image_sources" text[] NOT NULL,
        "word_count" integer NOT NULL,
        "saved_at" timestamptz NOT NULL,
        "replaced_at" timestamptz NOT NULL DEFAULT now(),
        "replaced_by" text NOT NULL CHECK ("replaced_by" IN ('save', 'auto', 'restore'))
      )`);
    await queryRunner.query(
      `CREATE INDEX "memory_versions_memory_idx" ON "memory"."memory_versions" ("memory_id", "replaced_at" DESC, "id" DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX "memory_versions_images_idx" ON "memory"."memory_versions" USING gin ("image_sources")`,
    );
    await queryRunner.query(`ALTER TABLE "memory"."memories" ADD COLUMN "history_collapse_until" timestamptz`);
    await queryRunner.query(`
      CREATE FUNCTION "memory"."keep_memory_version"() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        kind text := coalesce(nullif(current_setting('memories.change_kind', true), ''), 'save');
      BEGIN
        IF kind <> 'auto' THEN
          NEW.history_collapse_until := NULL;
        END IF;
        IF (NEW.title, NEW.date, NEW.content_json, NEW.tags, NEW.is_draft, NEW.thumbnail_url)
           IS NOT DISTINCT FROM (OLD.title, OLD.date, OLD.content_json, OLD.tags, OLD.is_draft, OLD.thumbnail_url) THEN
          RETURN NEW;
        END IF;
        IF kind = 'auto' AND OLD.history_collapse_until > now() THEN
          RETURN NEW;
        END IF;
        INSERT INTO memory.memory_versions (memory_id, title, date, content_json, content_text, tags, is_draft,
          thumbnail_url, image_sources, word_count, saved_at, replaced_by)
        VALUES (OLD.id, OLD.title, OLD.date, OLD.content_json, OLD.content_text, OLD.tags, OLD.is_draft,
          OLD.thumbnail_url, OLD.image_sources, OLD.word_count, OLD.updated_at, kind);
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
      $body$`);
    await queryRunner.query(`
      CREATE TRIGGER "memories_keep_version" BEFORE UPDATE OF "title", "date", "content_json", "tags", "is_draft", "thumbnail_url"
      ON "memory"."memories" FOR EACH ROW EXECUTE FUNCTION "memory"."keep_memory_version"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "memories_keep_version" ON "memory"."memories"`);
    await queryRunner.query(`DROP FUNCTION "memory"."keep_memory_version"()`);
    await queryRunner.query(`ALTER TABLE "memory"."memories" DROP COLUMN "history_collapse_until"`);
    await queryRunner.query(`DROP TABLE "memory"."memory_versions"`);
  }
}
