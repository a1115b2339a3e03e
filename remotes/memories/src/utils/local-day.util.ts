import { lightFormat } from 'date-fns';

/** A day as the browser's clock and time zone see it, `yyyy-MM-dd`: "today" for the server's rediscovery answers. */
export function localDay(date: Date = new Date()): string {
  return lightFormat(date, 'yyyy-MM-dd');
}

/** A memory's date (`yyyy-MM-ddTHH:mm:ss`, no zone) as the day it names, in the browser's calendar. */
export function memoryDay(date: string): Date {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}

const longDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "May 1, 2023". */
export function formatLongDay(date: string): string {
  return longDay.format(memoryDay(date));
}
