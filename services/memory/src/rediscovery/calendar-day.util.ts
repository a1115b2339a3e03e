import { calendarDayTime } from '@memories/memory-dto';

const DAY_MS = 86_400_000;

/** The parts of a `yyyy-MM-dd` day the request DTOs have already checked. */
export function partsOf(day: string): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
}

/** The day `days` after (or before, when negative) a `yyyy-MM-dd` day. */
export function addDays(day: string, days: number): string {
  return new Date((calendarDayTime(day) ?? Number.NaN) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Midnight at the start of a day, as memory dates are stored (`yyyy-MM-ddTHH:mm:ss`, no zone). */
export function startOf(day: string): string {
  return `${day}T00:00:00`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The first day of the month `months` after (or before) the month of `day`, `yyyy-MM-01`. */
export function monthStart(day: string, months = 0): string {
  const { year, month } = partsOf(day);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

/** The last day of the month of `day` (not "the day before next month": after December 9999 no month has a date). */
export function monthEnd(day: string): string {
  const { year, month } = partsOf(day);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}
