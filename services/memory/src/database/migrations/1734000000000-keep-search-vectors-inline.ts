import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search reads a memory's vector from the row itself. PostgreSQL moves a row's largest value out of line (TOAST) once
 * the row passes 2 KB, and for most memories that was the search vector (~1 KB, which does not compress): a search
 * then read the heap page, the TOAST index and a TOAST page for every memory it tested, and all of that again to rank
 * the matches (docs/performance.md, issue 39 target 4). Rows up to 4 KB now stay whole, and the vector is the last
 * value a longer row gives up (`STORAGE MAIN`: the texts go out of line first).
 *
 * Both settings are catalog changes, instant on any table; they apply to rows written from now on. The memories
 * already stored move to the new layout in the background (SearchLayoutUpgrade), resumably, from the position this
 * migration records: every heap page up to today's end of the table.
 */
export class KeepSearchVectorsInline1734000000000 implements MigrationInterface {
  readonly name = 'KeepSearchVectorsInline1734000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "memory"."memories" ALTER COLUMN "search_vector" SET STORAGE MAIN`);
    await queryRunner.query(`ALTER TABLE "memory"."memories" SET (toast_tuple_target = 4080)`);
    await queryRunner.query(`
      CREATE TABLE "memory"."search_layout_upgrade" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "next_page" bigint NOT NULL DEFAULT 0,
        "end_page" bigint NOT NULL,
        "rewritten" bigint NOT NULL DEFAULT 0,
        "finished_at" timestamptz
      )`);
    await queryRunner.query(`
      INSERT INTO "memory"."search_layout_upgrade" ("end_page")
      VALUES (pg_relation_size('"memory"."memories"') / current_setting('block_size')::bigint)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "memory"."search_layout_upgrade"`);
    await queryRunner.query(`ALTER TABLE "memory"."memories" RESET (toast_tuple_target)`);
    await queryRunner.query(`ALTER TABLE "memory"."memories" ALTER COLUMN "search_vector" SET STORAGE EXTENDED`);
  }
}
