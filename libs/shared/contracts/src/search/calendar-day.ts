const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Milliseconds since the epoch of a real `yyyy-MM-dd` day, or undefined (2024-02-30 is not a day). Shared: the search
 * syntax's `before:`/`after:` are read with it in the browser as on the server, and the API's day parameters are
 * checked with it.
 */
export function calendarDayTime(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const time = Date.UTC(year, month - 1, day);
  const probe = new Date(time);
  // Date.UTC maps the years 0-99 to 1900-1999: the year check refuses them too.
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day
    ? time
    : undefined;
}
