import { DomainError } from '@memories/nest-common';
import { MEMORY_ERROR_CODES } from '@memories/contracts';

const BARE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** The spec's default time for a bare date (section 9). */
export const DEFAULT_TIME_OF_DAY = '12:00:00';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function isRealDate(year: number, month: number, day: number): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

function invalid(field: string, value: string): DomainError {
  return new DomainError(
    MEMORY_ERROR_CODES.MEMORY_DATE_INVALID,
    `${field} must be a date (yyyy-MM-dd) or an ISO date-time, got "${value.slice(0, 40)}"`,
    { field },
  );
}

/**
 * A memory date as stored: `yyyy-MM-ddTHH:mm:ss` without a zone (the day the memory is about, as the writer saw
 * it). A bare date gets 12:00:00; a date-time with a zone or offset is converted to UTC first.
 */
export function toMemoryDateTime(value: string, field = 'date'): string {
  const bare = BARE_DATE.exec(value);
  if (bare) {
    const [year, month, day] = bare.slice(1, 4).map(Number);
    if (!isRealDate(year, month, day)) throw invalid(field, value);
    return `${value}T${DEFAULT_TIME_OF_DAY}`;
  }
  const match = DATE_TIME.exec(value);
  if (!match) throw invalid(field, value);
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = Number(match[6] ?? 0);
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59 || second > 59) throw invalid(field, value);
  const zone = match[7];
  if (!zone) return `${match[1]}-${match[2]}-${match[3]}T${pad(hour)}:${pad(minute)}:${pad(second)}`;
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const [offsetHours, offsetMinutes] = zone.slice(1).split(':').map(Number);
    instant.setUTCMinutes(instant.getUTCMinutes() - sign * (offsetHours * 60 + offsetMinutes));
  }
  return instant.toISOString().slice(0, 19);
}

/** Lower bound of a date filter: a bare date starts at midnight. */
export function toRangeStart(value: string, field: string): string {
  return BARE_DATE.test(value)
    ? `${toMemoryDateTime(value, field).slice(0, 10)}T00:00:00`
    : toMemoryDateTime(value, field);
}

/**
 * What bounds a range after the last second a date can have (the end of year 9999), where no `yyyy-MM-ddTHH:mm:ss`
 * is left to name: PostgreSQL's `infinity` timestamp, later than every date (and after every date as text too).
 */
const AFTER_THE_LAST_DATE = 'infinity';

/** Exclusive upper bound of a date filter: a bare date covers its whole day, a date-time includes its second. */
export function toRangeEndExclusive(value: string, field: string): string {
  const start = BARE_DATE.test(value)
    ? `${toMemoryDateTime(value, field).slice(0, 10)}T00:00:00`
    : toMemoryDateTime(value, field);
  const next = new Date(`${start}Z`);
  if (BARE_DATE.test(value)) next.setUTCDate(next.getUTCDate() + 1);
  else next.setUTCSeconds(next.getUTCSeconds() + 1);
  return next.getUTCFullYear() > 9999 ? AFTER_THE_LAST_DATE : next.toISOString().slice(0, 19);
}
