import { Injectable } from '@nestjs/common';
import {
  DEFAULT_TIMELINE_PAGE_SIZE,
  MAX_ON_THIS_DAY_MEMORIES,
  type CalendarDay,
  type CalendarQuery,
  type MemorySummary,
  type MemoryYear,
  type MessageContext,
  type OnThisDayMemory,
  type OnThisDayQuery,
  type TimelinePage,
  type TimelineQuery,
  type WritingStats,
  type WritingStatsQuery,
} from '@memories/contracts';
import { toRangeEndExclusive } from '../core/memory-date.util';
import { requireUser } from '../access/caller';
import { addDays, isLeapYear, monthEnd, monthStart, partsOf, startOf } from './calendar-day.util';
import { toExcerpt } from './excerpt.util';
import { RediscoveryRepository, type SummaryRecord } from './rediscovery.repository';
import { decodeCursor, encodeCursor } from './timeline-cursor.util';

/** Months the writing stats chart, the current one included. */
const CHART_MONTHS = 12;

function toSummary({ textStart, ...summary }: SummaryRecord): MemorySummary {
  return { ...summary, excerpt: toExcerpt(textStart) };
}

/**
 * The caller's past by the memories' own dates (calendar days without a time zone: "today" is the day the caller's
 * browser sends). Only the caller's own memories, never one shared with them: these are views of one's own journal.
 */
@Injectable()
export class RediscoveryService {
  constructor(private readonly repository: RediscoveryRepository) {}

  /**
   * Memories dated on today's month and day in earlier years, newest first. A Feb 29 memory shows on Feb 28 in
   * years without a Feb 29, so it is never skipped for three years in four.
   */
  async onThisDay(context: MessageContext, { date }: OnThisDayQuery): Promise<OnThisDayMemory[]> {
    const caller = requireUser(context);
    const today = partsOf(date);
    const monthDay = today.month * 100 + today.day;
    const monthDays = monthDay === 228 && !isLeapYear(today.year) ? [228, 229] : [monthDay];
    const records = await this.repository.onMonthDays(
      caller.userId,
      monthDays,
      startOf(`${date.slice(0, 4)}-01-01`),
      MAX_ON_THIS_DAY_MEMORIES,
    );
    return records.map((record) => ({
      ...toSummary(record),
      yearsAgo: today.year - partsOf(record.date.slice(0, 10)).year,
    }));
  }

  async calendar(context: MessageContext, { from, to }: CalendarQuery): Promise<CalendarDay[]> {
    const caller = requireUser(context);
    return this.repository.countByDay(caller.userId, from, to);
  }

  async timeline(context: MessageContext, { size, cursor, until }: TimelineQuery): Promise<TimelinePage> {
    const caller = requireUser(context);
    const limit = size ?? DEFAULT_TIMELINE_PAGE_SIZE;
    // The end of the day `until` bounds the page: the one rule the date filters use, PostgreSQL's infinity after the
    // last day a date can have.
    const start = cursor
      ? { position: decodeCursor(cursor) }
      : until
        ? { before: toRangeEndExclusive(until, 'until') }
        : {};
    // One more than the page tells whether another page follows.
    const records = await this.repository.timeline(caller.userId, start, limit + 1);
    const entries = records.slice(0, limit).map(toSummary);
    const last = entries.at(-1);
    return {
      entries,
      nextCursor: records.length > limit && last ? encodeCursor({ date: last.date, id: last.id }) : null,
    };
  }

  async years(context: MessageContext): Promise<MemoryYear[]> {
    const caller = requireUser(context);
    return this.repository.years(caller.userId);
  }

  async stats(context: MessageContext, { date }: WritingStatsQuery): Promise<WritingStats> {
    const caller = requireUser(context);
    const firstMonth = monthStart(date, 1 - CHART_MONTHS);
    const [stats, moods] = await Promise.all([
      this.repository.stats(caller.userId, date, addDays(date, -1), firstMonth, monthEnd(date)),
      this.repository.moodByMonth(caller.userId, firstMonth, monthEnd(date)),
    ]);
    const counted = new Map(stats.months.map((month) => [month.month, month.count]));
    const moodOf = new Map(moods.map((month) => [month.month, month.mood]));
    const perMonth = Array.from({ length: CHART_MONTHS }, (_, index) => {
      const month = monthStart(firstMonth, index).slice(0, 7);
      return { month, count: counted.get(month) ?? 0, averageMood: moodOf.get(month) ?? null };
    });
    return {
      totalMemories: stats.totalMemories,
      totalWords: stats.totalWords,
      currentStreak: stats.currentStreak,
      longestStreak: stats.longestStreak,
      perMonth,
    };
  }

  /** "Surprise me": any one of the caller's memories, or null when they have none. */
  async random(context: MessageContext): Promise<MemorySummary | null> {
    const caller = requireUser(context);
    const record = await this.repository.random(caller.userId);
    return record ? toSummary(record) : null;
  }
}
