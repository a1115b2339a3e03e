import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { PromptCategory } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';

export interface PromptRecord {
  id: string;
  text: string;
  category: PromptCategory | null;
}

export interface TemplateRecord {
  contentJson: string;
  updatedAt: Date;
}

/** The month and day of a memory's date as one number (May 1 is 501), as the month-and-day index has it. */
const MONTH_DAY = `(EXTRACT(MONTH FROM m.date) * 100 + EXTRACT(DAY FROM m.date))::int`;

/**
 * `memory.prompts` (a person's own prompts), `memory.templates` (their personal template) and what a reminder asks
 * about a person's day. Every statement is scoped to the owner.
 */
@Injectable()
export class PromptsRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  async listOwned(userId: string): Promise<PromptRecord[]> {
    return rowsOf<PromptRecord>(
      await this.db.query(
        `SELECT "id", "text", "category" FROM "memory"."prompts" WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
        [userId],
      ),
    );
  }

  /** Inserts unless the owner already has `limit` prompts (checked in the same statement); undefined then. */
  async create(userId: string, prompt: PromptRecord, limit: number): Promise<PromptRecord | undefined> {
    const rows = rowsOf<PromptRecord>(
      await this.db.query(
        `INSERT INTO "memory"."prompts" ("id", "user_id", "text", "category")
         SELECT $1::uuid, $2::text, $3::varchar, $4::varchar
         WHERE (SELECT count(*) FROM "memory"."prompts" WHERE "user_id" = $2::text) < $5
         RETURNING "id", "text", "category"`,
        [prompt.id, userId, prompt.text, prompt.category, limit],
      ),
    );
    return rows[0];
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "memory"."prompts" WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`, [
        id,
        userId,
      ]),
    );
    return rows.length > 0;
  }

  async personalTemplate(userId: string): Promise<TemplateRecord | undefined> {
    const rows = rowsOf<TemplateRecord>(
      await this.db.query(
        `SELECT "content_json" AS "contentJson", "updated_at" AS "updatedAt" FROM "memory"."templates"
         WHERE "user_id" = $1 AND "journal_id" IS NULL`,
        [userId],
      ),
    );
    return rows[0];
  }

  async savePersonalTemplate(id: string, userId: string, contentJson: string): Promise<TemplateRecord> {
    const rows = rowsOf<TemplateRecord>(
      await this.db.query(
        `INSERT INTO "memory"."templates" ("id", "user_id", "content_json") VALUES ($1, $2, $3)
         ON CONFLICT ("user_id") WHERE "journal_id" IS NULL
         DO UPDATE SET "content_json" = EXCLUDED."content_json", "updated_at" = now()
         RETURNING "content_json" AS "contentJson", "updated_at" AS "updatedAt"`,
        [id, userId, contentJson],
      ),
    );
    return rows[0];
  }

  async removePersonalTemplate(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM "memory"."templates" WHERE "user_id" = $1 AND "journal_id" IS NULL`, [userId]);
  }

  /**
   * Whether the owner wrote on their local day: a memory dated that day, or one created or changed within its bounds.
   * The (owner, date) index answers the first, the owner's rows the others.
   */
  async wroteOn(userId: string, date: string, dayStart: Date, dayEnd: Date): Promise<boolean> {
    const rows = rowsOf<{ wrote: boolean }>(
      await this.db.query(
        `SELECT EXISTS (
           SELECT 1 FROM "memory"."memories" m
           WHERE m.user_id = $1 AND (
             (m.date >= $2::date AND m.date < $2::date + 1)
             OR (m.created_at >= $3 AND m.created_at < $4)
             OR (m.updated_at >= $3 AND m.updated_at < $4)
           )
         ) AS "wrote"`,
        [userId, date, dayStart, dayEnd],
      ),
    );
    return rows[0]?.wrote === true;
  }

  /** How many of the owner's memories of earlier years share the day's month and day. */
  async countOnThisDay(userId: string, date: string): Promise<number> {
    const rows = rowsOf<{ count: number }>(
      await this.db.query(
        `SELECT count(*)::int AS "count" FROM "memory"."memories" m
         WHERE m.user_id = $1 AND ${MONTH_DAY} = (EXTRACT(MONTH FROM $2::date) * 100 + EXTRACT(DAY FROM $2::date))::int
           AND m.date < date_trunc('year', $2::date)`,
        [userId, date],
      ),
    );
    return rows[0]?.count ?? 0;
  }
}
