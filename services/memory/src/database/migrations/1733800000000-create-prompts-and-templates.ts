import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `prompts`: writing prompts a person added to the built-in ones (which live in the code, not here). `templates`: the
 * editor document a new memory starts with. A person has one personal template (no journal); when journals arrive a
 * journal's template is a row with its `journal_id`, and the unique indexes already allow one of each.
 */
export class CreatePromptsAndTemplates1733800000000 implements MigrationInterface {
  readonly name = 'CreatePromptsAndTemplates1733800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "memory"."prompts" (
        "id" uuid PRIMARY KEY,
        "user_id" text NOT NULL,
        "text" varchar(300) NOT NULL,
        "category" varchar(32),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "prompts_user_idx" ON "memory"."prompts" ("user_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "memory"."templates" (
        "id" uuid PRIMARY KEY,
        "user_id" text NOT NULL,
        "journal_id" uuid,
        "content_json" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "templates_personal_idx" ON "memory"."templates" ("user_id") WHERE "journal_id" IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "templates_journal_idx" ON "memory"."templates" ("journal_id") WHERE "journal_id" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "memory"."templates"`);
    await queryRunner.query(`DROP TABLE "memory"."prompts"`);
  }
}
