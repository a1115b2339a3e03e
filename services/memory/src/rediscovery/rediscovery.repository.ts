import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  MAX_EXCERPT_LENGTH,
  type CalendarDay,
  type MemorySummary,
  type MemoryYear,
  type MonthCount,
} from '@memories/contracts';
import { queryNamed, rowsOf } from '@memories/nest-common';
import { MEMORY_DATA_SOURCE } from '../memories/memory.repository';
import type { TimelinePosition } from './timeline-cursor.util';

/** A memory as a card shows it, with the start of its text before the excerpt is cut from it. */
export type SummaryRecord = Omit<MemorySummary, 'excerpt'> & { textStart: string };

interface SummaryRow {
  id: string;
  title: string;
  date: string;
  image_url: string;
  is_draft: boolean;
  tags: string[];
  text_start: string;
}

// Enough text for an excerpt after its spaces are collapsed.
const SUMMARY_COLUMNS = `m.id, m.title, to_char(m.date, 'YYYY-MM-DD"T"HH24:MI:SS') AS date,
  COALESCE(NULLIF(m.thumbnail_url, ''), m.image_sources[1], '') AS image_url, m.is_draft, m.tags,
  left(m.content_text, ${MAX_EXCERPT_LENGTH * 2}) AS text_start`;

/** The month and day of a memory's date as one number (May 1 is 501), as the month-and-day index has it. */
const MONTH_DAY = `(EXTRACT(MONTH FROM m.date) * 100 + EXTRACT(DAY FROM m.date))::int`;

function toSummary(row: SummaryRow): SummaryRecord {
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    imageUrl: row.image_url,
    isDraft: row.is_draft,
    tags: row.tags,
    textStart: row.text_start,
  };
}

export interface StatsRecord {
  totalMemories: number;
  totalWords: number;
  currentStreak: number;
  longestStreak: number;
  months: MonthCount[];
}

/**
 * The owner's memories by their own date (see the CountMemoriesPerDay migration): the memories themselves from an
 * index on (owner, date) or (owner, month and day), counts from the per-day counters. Each statement costs the
 * owner's matching memories or days, never a scan of anyone else's.
 */
@Injectable()
export class RediscoveryRepository {
  constructor(@InjectDataSource(MEMORY_DATA_SOURCE) private readonly db: DataSource) {}

  /** Memories dated on one of the month-days (501 for May 1) before `before`, newest first. */
  async onMonthDays(userId: string, monthDays: number[], before: string, limit: number): Promise<SummaryRecord[]> {
    // Named: every owner and day reads about the same share of the month-and-day index (see queryNamed).
    const rows = await queryNamed<SummaryRow>(
      this.db,
      `SELECT ${SUMMARY_COLUMNS} FROM memory.memories m
       WHERE m.user_id = $1 AND ${MONTH_DAY} = ANY($2::int[]) AND m.date < $3::timestamp
       ORDER BY m.date DESC, m.id DESC LIMIT $4`,
      [userId, monthDays, before, limit],
    );
    return rows.map(toSummary);
  }

  /** How many memories each day from `from` to `to` (both included) has, days without any left out. */
  async countByDay(userId: string, from: string, to: string): Promise<CalendarDay[]> {
    return rowsOf<CalendarDay>(
      await this.db.query(
        `SELECT to_char(day, 'YYYY-MM-DD') AS date, memories AS count FROM memory.owner_day_counts
         WHERE user_id = $1 AND day BETWEEN $2::date AND $3::date ORDER BY day`,
        [userId, from, to],
      ),
    );
  }

  /**
   * A page of the timeline, newest first: after `position` (keyset, so a deep page costs what the first does), or
   * before `before`.
   */
  async timeline(
    userId: string,
    start: { position?: TimelinePosition; before?: string },
    limit: number,
  ): Promise<SummaryRecord[]> {
    const params: unknown[] = [userId, limit];
    const where = ['m.user_id = $1'];
    if (start.position) {
      params.push(start.position.date, start.position.id);
      where.push(`(m.date, m.id) < ($3::timestamp, $4::uuid)`);
    } else if (start.before) {
      params.push(start.before);
      where.push(`m.date < $3::timestamp`);
    }
    const rows = rowsOf<SummaryRow>(
      await this.db.query(
        `SELECT ${SUMMARY_COLUMNS} FROM memory.memories m WHERE ${where.join(' AND ')} ORDER BY m.date DESC, m.id DESC LIMIT $2`,
        params,
      ),
    );
    return rows.map(toSummary);
  }

  /** The years with memories, newest first, with how many each has. */
  async years(userId: string): Promise<MemoryYear[]> {
    return rowsOf<MemoryYear>(
      await this.db.query(
        `SELECT EXTRACT(YEAR FROM day)::int AS year, sum(memories)::int AS count FROM memory.owner_day_counts
         WHERE user_id = $1 GROUP BY 1 ORDER BY 1 DESC`,
        [userId],
      ),
    );
  }

  /**
   * Totals, streaks up to `today` (days in a row with a memory: gaps and islands over the owner's days) and the
   * count per month from `monthsFrom` to `monthsTo`, all from the per-day counters. A streak is current when it
   * ends today or yesterday.
   */
  async stats(
    userId: string,
    today: string,
    yesterday: string,
    monthsFrom: string,
    monthsTo: string,
  ): Promise<StatsRecord> {
    const [row] = rowsOf<{
      total: number;
      words: string;
      current: number;
      longest: number;
      months: MonthCount[] | null;
    }>(
      await this.db.query(
        `WITH streaks AS (
           SELECT count(*)::int AS length, max(day) AS last_day FROM (
             SELECT day, day - (row_number() OVER (ORDER BY day))::int AS island FROM memory.owner_day_counts
             WHERE user_id = $1 AND day <= $2::date
           ) islands GROUP BY island
         )
         SELECT
           COALESCE((SELECT total FROM memory.owner_counts WHERE user_id = $1), 0) AS total,
           (SELECT COALESCE(sum(words), 0) FROM memory.owner_day_counts WHERE user_id = $1)::text AS words,
           COALESCE((SELECT max(length) FROM streaks WHERE last_day >= $3::date), 0) AS current,
           COALESCE((SELECT max(length) FROM streaks), 0) AS longest,
           (SELECT json_agg(json_build_object('month', to_char(c.month, 'YYYY-MM'), 'count', c.count) ORDER BY c.month) FROM (
              SELECT date_trunc('month', day) AS month, sum(memories)::int AS count FROM memory.owner_day_counts
              WHERE user_id = $1 AND day BETWEEN $4::date AND $5::date GROUP BY 1
           ) c) AS months`,
        [userId, today, yesterday, monthsFrom, monthsTo],
      ),
    );
    return {
      totalMemories: row.total,
      totalWords: Number(row.words),
      currentStreak: row.current,
      longestStreak: row.longest,
      months: row.months ?? [],
    };
  }

  /** One of the owner's memories, each as likely as any other (a random offset into the owner's date index). */
  async random(userId: string): Promise<SummaryRecord | undefined> {
    const rows = rowsOf<SummaryRow>(
      await this.db.query(
        `SELECT ${SUMMARY_COLUMNS} FROM memory.memories m WHERE m.user_id = $1 ORDER BY m.date, m.id
         OFFSET floor(random() * COALESCE((SELECT total FROM memory.owner_counts WHERE user_id = $1), 0))::int LIMIT 1`,
        [userId],
      ),
    );
    return rows[0] ? toSummary(rows[0]) : undefined;
  }
}
