import { lightFormat, subMonths, subWeeks, subYears } from 'date-fns';

export const DATE_RANGES = ['all', 'week', 'month', 'year'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

const back: Record<Exclude<DateRange, 'all'>, (now: Date) => Date> = {
  week: (now) => subWeeks(now, 1),
  month: (now) => subMonths(now, 1),
  year: (now) => subYears(now, 1),
};

// lightFormat: yyyy-MM-dd needs no locale, and `format` would bring date-fns' en-US locale into /dashboard's first
// load.
/** The `dateFrom` a range sends (spec section 9: 7 days, 1 month or 1 year back from now, as yyyy-MM-dd). */
export function dateFromForRange(range: DateRange, now: Date): string | undefined {
  return range === 'all' ? undefined : lightFormat(back[range](now), 'yyyy-MM-dd');
}
