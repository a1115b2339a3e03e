import type { SubjectPattern } from '../bus/subjects';
import type { SealedMemory } from '../journals/locked-journal';
import type { MemoryMood } from './memory-mood';

/**
 * Looking back: On This Day, the calendar, the timeline, the years with memories, writing stats and a random
 * memory. Every date here is a calendar day, `yyyy-MM-dd`: a memory's own date (the day it is about, as its writer
 * chose it, no time zone), and "today" as the caller's browser sees it.
 */
export const MEMORY_REDISCOVERY_SUBJECTS = {
  onThisDay: 'memory.on-this-day.list',
  calendar: 'memory.calendar.list',
  timeline: 'memory.timeline.list',
  years: 'memory.years.list',
  stats: 'memory.stats.get',
  random: 'memory.memories.random',
} as const satisfies Record<string, SubjectPattern>;

/** Most memories On This Day shows (newest first). */
export const MAX_ON_THIS_DAY_MEMORIES = 30;
/** The longest calendar range one request may ask for: a year, with the weeks a heat map pads it to. */
export const MAX_CALENDAR_DAYS = 400;
/** Default and largest page of the timeline. */
export const DEFAULT_TIMELINE_PAGE_SIZE = 20;
export const MAX_TIMELINE_PAGE_SIZE = 100;
/** Longest excerpt of a memory summary, in characters. */
export const MAX_EXCERPT_LENGTH = 160;

/** How far back from the cut an excerpt looks for a space to end on a whole word. */
const WORD_BOUNDARY_REACH = 40;

/**
 * The beginning of a plain text on one line, at most MAX_EXCERPT_LENGTH characters, cut after a word with "…". Shared:
 * the server cuts a plain memory's excerpt with it, the browser a locked memory's, so both read alike.
 */
export function toExcerpt(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  if (line.length <= MAX_EXCERPT_LENGTH) return line;
  const cut = line.slice(0, MAX_EXCERPT_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= cut.length - WORD_BOUNDARY_REACH ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A memory as the rediscovery screens show it: enough for a card, without the content. */
export interface MemorySummary {
  id: string;
  /** The journal it belongs to: whose key opens `sealed`. */
  journalId: string;
  /** Empty for a memory of a locked journal (see `sealed`). */
  title: string;
  /** The memory's date and time, `yyyy-MM-ddTHH:mm:ss`. */
  date: string;
  /**
   * The thumbnail, else the first image of the content, else empty. Always empty for a locked memory: its images are
   * ciphertext, never a picture to show.
   */
  imageUrl: string;
  isDraft: boolean;
  tags: string[];
  /** The beginning of the plain text, cut at a word with "…" when longer (`toExcerpt`); empty for a locked memory. */
  excerpt: string;
  mood: MemoryMood | null;
  /**
   * Only on a memory of a locked journal, whose title, tags, excerpt and image are then empty and mood null: the
   * browser opens it with the journal's key (the excerpt is cut there). Absent, not null, on a plain memory.
   */
  sealed?: SealedMemory;
}

/**
 * Every look back can be narrowed to one journal: its memories by every member (a member may read them all). Without
 * it, the caller's own memories.
 */
export interface JournalFilter {
  journalId?: string;
}

export interface OnThisDayQuery extends JournalFilter {
  /** Today as the caller sees it. */
  date: string;
}

export interface OnThisDayMemory extends MemorySummary {
  yearsAgo: number;
}

export interface CalendarQuery extends JournalFilter {
  /** First and last day, both included. */
  from: string;
  to: string;
}

export interface CalendarDay {
  date: string;
  count: number;
  /** The average mood of the day's memories that have one, to one decimal; null when none has. */
  mood: number | null;
}

export interface TimelineQuery extends JournalFilter {
  size?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  /** Start at this day (included) instead of the newest memory: a jump to a year or a month. */
  until?: string;
}

export interface TimelinePage {
  entries: MemorySummary[];
  /** Null on the last page. */
  nextCursor: string | null;
}

export interface MemoryYear {
  year: number;
  count: number;
}

export interface WritingStatsQuery extends JournalFilter {
  /** Today as the caller sees it: ends the current streak and the twelve months of the chart. */
  date: string;
}

export interface MonthCount {
  /** `yyyy-MM`. */
  month: string;
  count: number;
  /** The average mood of the month's memories that have one, to one decimal; null when none has. */
  averageMood: number | null;
}

export interface WritingStats {
  totalMemories: number;
  totalWords: number;
  /** Days in a row with a memory, up to today (or up to yesterday while today has none yet). */
  currentStreak: number;
  longestStreak: number;
  /** The twelve months up to the current one, oldest first, each listed even when empty. */
  perMonth: MonthCount[];
}

/** Payload and result of every rediscovery subject (merged into `BusRequestMap`). */
export interface MemoryRediscoveryBusRequestMap {
  [MEMORY_REDISCOVERY_SUBJECTS.onThisDay]: { payload: OnThisDayQuery; result: OnThisDayMemory[] };
  [MEMORY_REDISCOVERY_SUBJECTS.calendar]: { payload: CalendarQuery; result: CalendarDay[] };
  [MEMORY_REDISCOVERY_SUBJECTS.timeline]: { payload: TimelineQuery; result: TimelinePage };
  [MEMORY_REDISCOVERY_SUBJECTS.years]: { payload: JournalFilter; result: MemoryYear[] };
  [MEMORY_REDISCOVERY_SUBJECTS.stats]: { payload: WritingStatsQuery; result: WritingStats };
  [MEMORY_REDISCOVERY_SUBJECTS.random]: { payload: Record<string, never>; result: MemorySummary | null };
}

/** Error codes of the rediscovery requests (the gateway maps `_INVALID` to 400). */
export const MEMORY_REDISCOVERY_ERROR_CODES = {
  MEMORY_CURSOR_INVALID: 'MEMORY_CURSOR_INVALID',
} as const;
