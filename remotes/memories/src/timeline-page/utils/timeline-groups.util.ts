import type { MemorySummary } from '@memories/contracts';

export interface TimelineMonth {
  /** `yyyy-MM`. */
  month: string;
  entries: MemorySummary[];
}

export interface TimelineYear {
  year: string;
  months: TimelineMonth[];
}

/** Entries (newest first) grouped by year and month in the order they come. */
export function groupByYearAndMonth(entries: readonly MemorySummary[]): TimelineYear[] {
  const years: TimelineYear[] = [];
  for (const entry of entries) {
    const year = entry.date.slice(0, 4);
    const month = entry.date.slice(0, 7);
    let lastYear = years.at(-1);
    if (lastYear?.year !== year) years.push((lastYear = { year, months: [] }));
    let lastMonth = lastYear.months.at(-1);
    if (lastMonth?.month !== month) lastYear.months.push((lastMonth = { month, entries: [] }));
    lastMonth.entries.push(entry);
  }
  return years;
}
