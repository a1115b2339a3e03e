import { localDay } from './local-day.util';

/** A calendar month, `yyyy-MM`. */
export type Month = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string | null): value is Month {
  return value !== null && MONTH.test(value);
}

export function monthOf(day: string): Month {
  return day.slice(0, 7);
}

/** The month `count` months after (or before) `month`. */
export function addMonths(month: Month, count: number): Month {
  const [year, index] = month.split('-').map(Number);
  return localDay(new Date(year, index - 1 + count, 1)).slice(0, 7);
}

/** The first and the last day of a month, `yyyy-MM-dd`. */
export function monthRange(month: Month): { from: string; to: string } {
  const [year, index] = month.split('-').map(Number);
  return { from: `${month}-01`, to: localDay(new Date(year, index, 0)) };
}

/**
 * The weeks of a month as a calendar shows them, Sunday first: every week has seven places, the days of the month
 * in theirs (`yyyy-MM-dd`) and null before the first and after the last.
 */
export function monthWeeks(month: Month): Array<Array<string | null>> {
  const [year, index] = month.split('-').map(Number);
  const lead = new Date(year, index - 1, 1).getDay();
  const length = new Date(year, index, 0).getDate();
  const places = [
    ...Array<null>(lead).fill(null),
    ...Array.from({ length }, (_, day) => `${month}-${String(day + 1).padStart(2, '0')}`),
  ];
  while (places.length % 7 !== 0) places.push(null);
  return Array.from({ length: places.length / 7 }, (_, week) => places.slice(week * 7, week * 7 + 7));
}

/**
 * The days of a year in the columns of a heat map, one column a week, Sunday at the top: null where a week reaches
 * into the year before or after.
 */
export function yearWeeks(year: number): Array<Array<string | null>> {
  const lead = new Date(year, 0, 1).getDay();
  const days: Array<string | null> = Array<null>(lead).fill(null);
  for (let date = new Date(year, 0, 1); date.getFullYear() === year; date.setDate(date.getDate() + 1))
    days.push(localDay(date));
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });
const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** "May 2024". */
export function formatMonth(month: Month): string {
  const [year, index] = month.split('-').map(Number);
  return monthName.format(new Date(year, index - 1, 1));
}

/** "Friday, May 3, 2024". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayName.format(new Date(year, month - 1, date));
}

/** "1 memory", "3 memories". */
export function memoriesCount(count: number): string {
  return count === 1 ? '1 memory' : `${count} memories`;
}
