import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { PromptCategory } from '@memories/contracts';
import { InjectMemoryDb, type MemoryDb } from '../database/memory-database';

export interface PromptRecord {
  id: string;
  text: string;
  category: PromptCategory | null;
}

export interface TemplateRecord {
  contentJson: string;
  updatedAt: Date;
}

/**
 * `memory.prompts` (a person's own prompts), `memory.templates` (their personal template) and what a reminder asks
 * about a person's day. Every statement is scoped to the owner.
 */
@Injectable()
export class PromptsRepository {
  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {}

  async listOwned(userId: string): Promise<PromptRecord[]> {
    const rows = await this.db
      .selectFrom('memory.prompts')
      .select(['id', 'text', 'category'])
      .where('userId', '=', userId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, category: row.category as PromptCategory | null }));
  }

  /** Inserts unless the owner already has `limit` prompts (checked in the same statement); undefined then. */
  async create(userId: string, prompt: PromptRecord, limit: number): Promise<PromptRecord | undefined> {
    const owned = this.db
      .selectFrom('memory.prompts')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('userId', '=', userId);
    const row = await this.db
      .insertInto('memory.prompts')
      .columns(['id', 'userId', 'text', 'category'])
      .expression(
        this.db
          .selectNoFrom([
            sql<string>`${prompt.id}::uuid`.as('id'),
            sql<string>`${userId}::text`.as('userId'),
            sql<string>`${prompt.text}::varchar`.as('text'),
            sql<string | null>`${prompt.category}::varchar`.as('category'),
          ])
          .where(sql<boolean>`(${owned}) < ${limit}`),
      )
      .returning(['id', 'text', 'category'])
      .executeTakeFirst();
    return row && { ...row, category: row.category as PromptCategory | null };
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const row = await this.db
      .deleteFrom('memory.prompts')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  async personalTemplate(userId: string): Promise<TemplateRecord | undefined> {
    return this.db
      .selectFrom('memory.templates')
      .select(['contentJson', 'updatedAt'])
      .where('userId', '=', userId)
      .where('journalId', 'is', null)
      .executeTakeFirst();
  }

  async savePersonalTemplate(id: string, userId: string, contentJson: string): Promise<TemplateRecord> {
    return this.db
      .insertInto('memory.templates')
      .values({ id, userId, contentJson })
      .onConflict((conflict) =>
        conflict
          .column('userId')
          .where('journalId', 'is', null)
          .doUpdateSet({ contentJson: (eb) => eb.ref('excluded.contentJson'), updatedAt: sql`now()` }),
      )
      .returning(['contentJson', 'updatedAt'])
      .executeTakeFirstOrThrow();
  }

  async removePersonalTemplate(userId: string): Promise<void> {
    await this.db.deleteFrom('memory.templates').where('userId', '=', userId).where('journalId', 'is', null).execute();
  }

  /**
   * Whether the owner wrote on their local day: a memory dated that day, or one created or changed within its bounds.
   * The (owner, date) index answers the first, the owner's rows the others.
   */
  async wroteOn(userId: string, date: string, dayStart: Date, dayEnd: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('memory.memories')
      .select('id')
      .where('userId', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('date', '>=', sql<string>`${date}::date`), eb('date', '<', sql<string>`${date}::date + 1`)]),
          eb.and([eb('createdAt', '>=', dayStart), eb('createdAt', '<', dayEnd)]),
          eb.and([eb('updatedAt', '>=', dayStart), eb('updatedAt', '<', dayEnd)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** How many of the owner's memories of earlier years share the day's month and day (the month-and-day index). */
  async countOnThisDay(userId: string, date: string): Promise<number> {
    const row = await this.db
      .selectFrom('memory.memories as m')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('m.userId', '=', userId)
      .where(
        sql<boolean>`(EXTRACT(MONTH FROM m.date) * 100 + EXTRACT(DAY FROM m.date))::int
          = (EXTRACT(MONTH FROM ${date}::date) * 100 + EXTRACT(DAY FROM ${date}::date))::int`,
      )
      .where(sql<boolean>`m.date < date_trunc('year', ${date}::date)`)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
