import type {
  CalendarDay,
  CalendarQuery,
  JournalFilter,
  MemorySummary,
  MemoryYear,
  OnThisDayMemory,
  OnThisDayQuery,
  TimelinePage,
  TimelineQuery,
  WritingStats,
  WritingStatsQuery,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { MemoryCallOptions } from './memories-api';

/** Shown when a rediscovery call fails and the server gives no message. Each text lives here once. */
export const REDISCOVERY_FALLBACK_MESSAGES = {
  onThisDay: 'Failed to fetch memories from this day',
  calendar: 'Failed to fetch the calendar',
  timeline: 'Failed to fetch the timeline',
  years: 'Failed to fetch your years',
  stats: 'Failed to fetch your writing stats',
  random: 'Failed to pick a memory',
} as const;

/**
 * Looking back over the caller's own memories, or one journal's (base path /api). Every failure rejects with an
 * `ApiError`.
 */
export interface RediscoveryApi {
  onThisDay(query: OnThisDayQuery, options?: MemoryCallOptions): Promise<OnThisDayMemory[]>;
  calendar(query: CalendarQuery, options?: MemoryCallOptions): Promise<CalendarDay[]>;
  timeline(query: TimelineQuery, options?: MemoryCallOptions): Promise<TimelinePage>;
  years(query?: JournalFilter, options?: MemoryCallOptions): Promise<MemoryYear[]>;
  stats(query: WritingStatsQuery, options?: MemoryCallOptions): Promise<WritingStats>;
  /** "Surprise me": one of the caller's memories, or null when they have none. */
  random(options?: MemoryCallOptions): Promise<MemorySummary | null>;
}

export function createRediscoveryApi(client: ApiClient): RediscoveryApi {
  const fallback = REDISCOVERY_FALLBACK_MESSAGES;
  const read = async <T>(
    path: string,
    fallbackMessage: string,
    query: object | undefined,
    options: MemoryCallOptions | undefined,
  ) => (await client.get<T>(path, { ...options, query: query ? { ...query } : undefined, fallbackMessage })).data;
  return {
    onThisDay: (query, options) => read('/memories/on-this-day', fallback.onThisDay, query, options),
    calendar: (query, options) => read('/memories/calendar', fallback.calendar, query, options),
    timeline: (query, options) => read('/memories/timeline', fallback.timeline, query, options),
    years: (query, options) => read('/memories/years', fallback.years, query, options),
    stats: (query, options) => read('/memories/stats', fallback.stats, query, options),
    random: (options) => read('/memories/random', fallback.random, undefined, options),
  };
}
