import { Injectable } from '@nestjs/common';
import {
  DEFAULT_TIMELINE_PAGE_SIZE,
  MAX_ON_THIS_DAY_MEMORIES,
  type CalendarDay,
  type CalendarQuery,
  type CallerContext,
  type JournalFilter,
  type MemorySummary,
  type MemoryYear,
  type MessageContext,
  type OnThisDayMemory,
  type OnThisDayQuery,
  type TimelinePage,
  type TimelineQuery,
  type WritingStats,
  type WritingStatsQuery,
  toExcerpt,
} from '@memories/contracts';
import { toRangeEndExclusive } from '../core/memory-date.util';
import { requireUser } from '../access/caller';
import { addDays, isLeapYear, monthEnd, monthStart, partsOf, startOf } from './calendar-day.util';
import { JournalAccess } from '../access/journal-access';
import { RediscoveryRepository, type RediscoveryScope, type SummaryRecord } from './rediscovery.repository';
import { decodeCursor, encodeCursor } from './timeline-cursor.util';

/** Months the writing stats chart, the current one included. */
const CHART_MONTHS = 12;

/**
 * Most ciphertext one answer carries, in characters. A locked memory's may be near 3 MB and NATS carries 8 MB a
 * message, so a page of large ones would not be sent at all: the answer stops before the one that would pass this.
 */
export const MAX_SEALED_CHARS_PER_ANSWER = 4 * 1024 * 1024;

/** The first records whose ciphertexts fit MAX_SEALED_CHARS_PER_ANSWER together; the first always (alone, it fits). */
function withinSealedBudget(records: SummaryRecord[]): SummaryRecord[] {
  let total = 0;
  const over = records.findIndex((record, index) => {
    total += record.sealed?.length ?? 0;
    return index > 0 && total > MAX_SEALED_CHARS_PER_ANSWER;
  });
  return over === -1 ? records : records.slice(0, over);
}

function toSummary({ textStart, sealed, sealedImageUrls, ...summary }: SummaryRecord): MemorySummary {
  if (sealed === null) return { ...summary, excerpt: toExcerpt(textStart) };
  // Its images are ciphertext, so none is a picture; the browser cuts the excerpt once it has opened the memory.
  return { ...summary, imageUrl: '', excerpt: '', sealed: { ciphertext: sealed, imageUrls: sealedImageUrls ?? [] } };
}

/**
 * The caller's past by the memories' own dates (calendar days without a time zone: "today" is the day the caller's
 * browser sends). The caller's own memories, never one shared with them alone; or, with `journalId`, one journal's by
 * every member, for its members.
 */
@Injectable()
export class RediscoveryService {
  constructor(
    private readonly repository: RediscoveryRepository,
    private readonly journals: JournalAccess,
  ) {}

  /** The caller's own memories, or those of a journal they are a member of (404 otherwise, as for any journal). */
  private async scopeOf(caller: CallerContext, { journalId }: JournalFilter): Promise<RediscoveryScope> {
    if (journalId === undefined) return { userId: caller.userId };
    await this.journals.requireMember(caller, journalId);
    return { journalId };
  }

  /**
   * Memories dated on today's month and day in earlier years, newest first. A Feb 29 memory shows on Feb 28 in
   * years without a Feb 29, so it is never skipped for three years in four.
   */
  async onThisDay(context: MessageContext, query: OnThisDayQuery): Promise<OnThisDayMemory[]> {
    const { date } = query;
    const scope = await this.scopeOf(requireUser(context), query);
    const today = partsOf(date);
    const monthDay = today.month * 100 + today.day;
    const monthDays = monthDay === 228 && !isLeapYear(today.year) ? [228, 229] : [monthDay];
    const records = await this.repository.onMonthDays(
      scope,
      monthDays,
      startOf(`${date.slice(0, 4)}-01-01`),
      MAX_ON_THIS_DAY_MEMORIES,
    );
    // The newest that fit one answer: On This Day has no next page.
    return withinSealedBudget(records).map((record) => ({
      ...toSummary(record),
      yearsAgo: today.year - partsOf(record.date.slice(0, 10)).year,
    }));
  }

  async calendar(context: MessageContext, query: CalendarQuery): Promise<CalendarDay[]> {
    return this.repository.countByDay(await this.scopeOf(requireUser(context), query), query.from, query.to);
  }

  async timeline(context: MessageContext, query: TimelineQuery): Promise<TimelinePage> {
    const { size, cursor, until } = query;
    const scope = await this.scopeOf(requireUser(context), query);
    const limit = size ?? DEFAULT_TIMELINE_PAGE_SIZE;
    // The end of the day `until` bounds the page: the one rule the date filters use, PostgreSQL's infinity after the
    // last day a date can have.
    const start = cursor
      ? { position: decodeCursor(cursor) }
      : until
        ? { before: toRangeEndExclusive(until, 'until') }
        : {};
    // One more than the page tells whether another page follows; a page cut short by its ciphertexts goes on too.
    const records = await this.repository.timeline(scope, start, limit + 1);
    const kept = withinSealedBudget(records.slice(0, limit));
    const last = kept.at(-1);
    return {
      entries: kept.map(toSummary),
      nextCursor: records.length > kept.length && last ? encodeCursor({ date: last.date, id: last.id }) : null,
    };
  }

  async years(context: MessageContext, filter: JournalFilter): Promise<MemoryYear[]> {
    return this.repository.years(await this.scopeOf(requireUser(context), filter));
  }

  async stats(context: MessageContext, query: WritingStatsQuery): Promise<WritingStats> {
    const { date } = query;
    const scope = await this.scopeOf(requireUser(context), query);
    const firstMonth = monthStart(date, 1 - CHART_MONTHS);
    const [stats, moods] = await Promise.all([
      this.repository.stats(scope, date, addDays(date, -1), firstMonth, monthEnd(date)),
      this.repository.moodByMonth(scope, firstMonth, monthEnd(date)),
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
