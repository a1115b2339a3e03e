import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import {
  MAX_EXCERPT_LENGTH,
  type CalendarDay,
  type MemorySummary,
  type MemoryYear,
  type MonthCount,
} from '@memories/contracts';
import { InjectMemoryDb, prepared, type MemoryDb } from '../database/memory-database';
import type { MemoryTables } from '../database/memory.tables';
import type { TimelinePosition } from './timeline-cursor.util';

/**
 * A memory as a card shows it, with the start of its text before the excerpt is cut from it, and a locked memory's
 * ciphertext with its images' addresses (both null on a plain memory).
 */
export type SummaryRecord = Omit<MemorySummary, 'excerpt' | 'sealed'> & {
  textStart: string;
  sealed: string | null;
  sealedImageUrls: string[] | null;
};

type Memories = ExpressionBuilder<MemoryTables & { m: MemoryTables['memory.memories'] }, 'm'>;

/** A card's columns, with enough text for an excerpt after its spaces are collapsed. */
function summaryColumns(eb: Memories) {
  return [
    'm.id',
    'm.journalId',
    'm.title',
    'm.date',
    'm.isDraft',
    'm.tags',
    'm.mood',
    sql<string>`COALESCE(NULLIF(m.thumbnail_url, ''), m.image_sources[1], '')`.as('imageUrl'),
    eb.fn<string>('left', ['m.contentText', eb.lit(MAX_EXCERPT_LENGTH * 2)]).as('textStart'),
    'm.sealed',
    // A plain memory's image list is not read: its card needs only the first image.
    sql<string[] | null>`CASE WHEN m.sealed IS NOT NULL THEN m.image_sources END`.as('sealedImageUrls'),
  ] as const;
}

/** The average of the moods in a group of memories, to one decimal, or null when none has one (AVG skips NULLs). */
const AVERAGE_MOOD = sql<number | null>`round(avg(m.mood), 1)::float8`;

/** The month and day of a memory's date as one number (May 1 is 501), as the month-and-day index has it. */
const MONTH_DAY = sql<number>`(EXTRACT(MONTH FROM m.date) * 100 + EXTRACT(DAY FROM m.date))::int`;

/**
 * Whose memories a look back reads: the caller's own (by the owner's counters and indexes), or one journal's by every
 * member (the caller is a member: checked by the service), counted from its memories on the (journal, date) index.
 */
export type RediscoveryScope = { userId: string } | { journalId: string };

/** The memories in scope. */
function inScope(eb: Memories, scope: RediscoveryScope) {
  return 'journalId' in scope ? eb('m.journalId', '=', scope.journalId) : eb('m.userId', '=', scope.userId);
}

export interface StatsRecord {
  totalMemories: number;
  totalWords: number;
  currentStreak: number;
  longestStreak: number;
  months: Array<Omit<MonthCount, 'averageMood'>>;
}

/**
 * The owner's memories by their own date (see the CountMemoriesPerDay migration): the memories themselves from an
 * index on (owner, date) or (owner, month and day), counts from the per-day counters. Each statement costs the
 * owner's matching memories or days, never a scan of anyone else's. A journal's are read from its (journal, date)
 * index: each statement costs the journal's memories.
 */
@Injectable()
export class RediscoveryRepository {
  private readonly onMonthDaysStatement;

  constructor(@InjectMemoryDb() private readonly db: MemoryDb) {
    // Prepared: every owner and day reads about the same share of the month-and-day index (see `prepared`).
    this.onMonthDaysStatement = prepared(db, (userId: string, monthDays: number[], before: string, limit: number) =>
      this.onMonthDaysQuery({ userId }, monthDays, before, limit),
    );
  }

  /** Memories dated on one of the month-days (501 for May 1) before `before`, newest first. */
  onMonthDays(scope: RediscoveryScope, monthDays: number[], before: string, limit: number): Promise<SummaryRecord[]> {
    if ('userId' in scope) return this.onMonthDaysStatement(scope.userId, monthDays, before, limit);
    return this.onMonthDaysQuery(scope, monthDays, before, limit).execute();
  }

  private onMonthDaysQuery(scope: RediscoveryScope, monthDays: number[], before: string, limit: number) {
    return this.db
      .selectFrom('memory.memories as m')
      .select(summaryColumns)
      .where((eb) => inScope(eb, scope))
      .where(sql<boolean>`${MONTH_DAY} = ANY(${monthDays}::int[])`)
      .where('m.date', '<', before)
      .orderBy('m.date', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit);
  }

  /**
   * Memories and words per day: the owner's per-day counters, or, for a journal, its memories grouped by day (a
   * journal has no counters of its own; its memories are read once, from the (journal, date) index).
   */
  private days(scope: RediscoveryScope) {
    if ('userId' in scope) {
      return this.db
        .selectFrom('memory.owner_day_counts')
        .select(['day', 'memories', 'words'])
        .where('userId', '=', scope.userId);
    }
    return this.db
      .selectFrom('memory.memories as m')
      .select([
        sql<string>`m.date::date`.as('day'),
        sql<number>`count(*)::int`.as('memories'),
        sql<number>`COALESCE(sum(m.word_count), 0)::int`.as('words'),
      ])
      .where('m.journalId', '=', scope.journalId)
      .groupBy(sql`1`);
  }

  /**
   * How many memories each day from `from` to `to` (both included) has, days without any left out, and their average
   * mood: the counts from the per-day counters, the moods from the owner's memories in the range (owner and date index).
   */
  countByDay(scope: RediscoveryScope, from: string, to: string): Promise<CalendarDay[]> {
    const moods = this.db
      .selectFrom('memory.memories as m')
      .select([sql<string>`m.date::date`.as('day'), AVERAGE_MOOD.as('mood')])
      .where((eb) => inScope(eb, scope))
      .where('m.date', '>=', from)
      .where('m.date', '<', sql<string>`${to}::date + 1`)
      .where('m.mood', 'is not', null)
      .groupBy(sql`1`);
    return this.db
      .selectFrom(this.days(scope).as('d'))
      .leftJoin(moods.as('moods'), 'moods.day', 'd.day')
      .select([sql<string>`d.day`.as('date'), 'd.memories as count', sql<number | null>`moods.mood`.as('mood')])
      .where('d.day', '>=', from)
      .where('d.day', '<=', to)
      .orderBy('d.day')
      .execute();
  }

  /** The average mood of each month from `monthsFrom` to `monthsTo` (`yyyy-MM`), months without a mood left out. */
  moodByMonth(
    scope: RediscoveryScope,
    monthsFrom: string,
    monthsTo: string,
  ): Promise<Array<{ month: string; mood: number }>> {
    return this.db
      .selectFrom('memory.memories as m')
      .select([sql<string>`to_char(m.date, 'YYYY-MM')`.as('month'), sql<number>`${AVERAGE_MOOD}`.as('mood')])
      .where((eb) => inScope(eb, scope))
      .where('m.date', '>=', monthsFrom)
      .where('m.date', '<', sql<string>`${monthsTo}::date + 1`)
      .where('m.mood', 'is not', null)
      .groupBy(sql`1`)
      .execute();
  }

  /**
   * A page of the timeline, newest first: after `position` (keyset, so a deep page costs what the first does), or
   * before `before`.
   */
  timeline(
    scope: RediscoveryScope,
    start: { position?: TimelinePosition; before?: string },
    limit: number,
  ): Promise<SummaryRecord[]> {
    const { position, before } = start;
    return this.db
      .selectFrom('memory.memories as m')
      .select(summaryColumns)
      .where((eb) => inScope(eb, scope))
      .$if(position !== undefined, (query) =>
        query.where((eb) => eb(eb.refTuple('m.date', 'm.id'), '<', eb.tuple(position?.date ?? '', position?.id ?? ''))),
      )
      .$if(position === undefined && before !== undefined, (query) => query.where('m.date', '<', before ?? ''))
      .orderBy('m.date', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The years with memories, newest first, with how many each has. */
  years(scope: RediscoveryScope): Promise<MemoryYear[]> {
    const year = sql<number>`EXTRACT(YEAR FROM d.day)::int`;
    return this.db
      .selectFrom(this.days(scope).as('d'))
      .select((eb) => [year.as('year'), eb.cast<number>(eb.fn.sum('d.memories'), 'integer').as('count')])
      .groupBy(year)
      .orderBy(year, 'desc')
      .execute();
  }

  /**
   * Totals, streaks up to `today` (days in a row with a memory: gaps and islands over the owner's days) and the
   * count per month from `monthsFrom` to `monthsTo`, all from the per-day counters. A streak is current when it
   * ends today or yesterday.
   */
  async stats(
    scope: RediscoveryScope,
    today: string,
    yesterday: string,
    monthsFrom: string,
    monthsTo: string,
  ): Promise<StatsRecord> {
    const row = await this.db
      .with('days', () => this.days(scope))
      .with('streaks', (db) =>
        db
          .selectFrom((days) =>
            days
              .selectFrom('days')
              .select(['day', sql<number>`day - (row_number() OVER (ORDER BY day))::int`.as('island')])
              .where('day', '<=', today)
              .as('islands'),
          )
          .select((eb) => [eb.cast<number>(eb.fn.countAll(), 'integer').as('length'), eb.fn.max('day').as('lastDay')])
          .groupBy('island'),
      )
      .with('monthly', (db) =>
        db
          .selectFrom('days')
          .select((eb) => [
            sql<string>`date_trunc('month', day)`.as('month'),
            eb.cast<number>(eb.fn.sum('memories'), 'integer').as('count'),
          ])
          .where('day', '>=', monthsFrom)
          .where('day', '<=', monthsTo)
          .groupBy(sql`1`),
      )
      .selectNoFrom((eb) => [
        eb
          .selectFrom('days')
          .select(sql<number>`COALESCE(sum(memories), 0)::int`.as('total'))
          .as('total'),
        eb
          .selectFrom('days')
          .select(sql<string>`COALESCE(sum(words), 0)::text`.as('words'))
          .as('words'),
        eb.fn
          .coalesce(
            eb
              .selectFrom('streaks')
              .select((streak) => streak.fn.max('length').as('length'))
              .where('lastDay', '>=', yesterday),
            eb.lit(0),
          )
          .as('current'),
        eb.fn
          .coalesce(
            eb.selectFrom('streaks').select((streak) => streak.fn.max('length').as('length')),
            eb.lit(0),
          )
          .as('longest'),
        eb
          .selectFrom('monthly as c')
          .select(
            sql<StatsRecord['months'] | null>`json_agg(
              json_build_object('month', to_char(c.month, 'YYYY-MM'), 'count', c.count) ORDER BY c.month
            )`.as('months'),
          )
          .as('months'),
      ])
      .executeTakeFirstOrThrow();
    return {
      totalMemories: row.total ?? 0,
      totalWords: Number(row.words ?? 0),
      currentStreak: row.current,
      longestStreak: row.longest,
      months: row.months ?? [],
    };
  }

  /** One of the owner's memories, each as likely as any other (a random offset into the owner's date index). */
  random(userId: string): Promise<SummaryRecord | undefined> {
    const total = sql<number>`COALESCE((SELECT total FROM memory.owner_counts WHERE user_id = ${userId}), 0)`;
    return this.db
      .selectFrom('memory.memories as m')
      .select(summaryColumns)
      .where('m.userId', '=', userId)
      .orderBy('m.date')
      .orderBy('m.id')
      .offset(sql<number>`floor(random() * ${total})::int`)
      .limit(1)
      .executeTakeFirst();
  }
}
