import type { MonthCount } from '@memories/contracts';

const monthShort = new Intl.DateTimeFormat('en-US', { month: 'short' });
const monthLong = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

const dateOf = (month: string) => {
  const [year, index] = month.split('-').map(Number);
  return new Date(year, index - 1, 1);
};

export interface MonthBar {
  month: string;
  count: number;
  /** "May". */
  label: string;
  /** 0 to 1 of the tallest bar. */
  height: number;
}

/** The bars of the per-month chart, each as tall as its share of the busiest month. */
export function monthBars(months: readonly MonthCount[]): MonthBar[] {
  const most = Math.max(1, ...months.map((month) => month.count));
  return months.map(({ month, count }) => ({
    month,
    count,
    label: monthShort.format(dateOf(month)),
    height: count / most,
  }));
}

/** What the chart shows, as one sentence for screen readers: "May 2025: 3, June 2025: 0, …". */
export function describeMonths(months: readonly MonthCount[]): string {
  return months.map(({ month, count }) => `${monthLong.format(dateOf(month))}: ${count}`).join(', ');
}

/** The months that have an average mood, each with its name ("May 2025"), oldest first. */
export function monthMoods(months: readonly MonthCount[]): Array<{ month: string; name: string; mood: number }> {
  return months.flatMap(({ month, averageMood }) =>
    averageMood === null ? [] : [{ month, name: monthLong.format(dateOf(month)), mood: averageMood }],
  );
}

/** How dark a heat-map day is, 0 (none) to 4 (as many as the busiest day of the year). */
export function heatLevel(count: number, most: number): number {
  return count === 0 ? 0 : Math.max(1, Math.ceil((4 * count) / Math.max(most, 1)));
}
