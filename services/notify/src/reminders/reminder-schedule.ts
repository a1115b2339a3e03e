import { DateTime } from 'luxon';
import type { IsoWeekday } from '@memories/contracts';

/** When a reminder is due: the hour, the days and the zone they are meant in. */
export interface ReminderTimes {
  time: string;
  timeZone: string;
  days: readonly IsoWeekday[];
}

/** One reminder: the instant it is due and the person's day it belongs to, with that day's bounds. */
export interface ReminderOccasion {
  dueAt: Date;
  /** `yyyy-MM-dd` in the person's zone. */
  localDate: string;
  dayStart: Date;
  dayEnd: Date;
}

/** The day's bounds in its zone: from its first instant to the next day's first (23 or 25 hours on a DST change). */
function occasionOn(day: DateTime, hour: number, minute: number): ReminderOccasion {
  const start = day.startOf('day');
  // A wall-clock time skipped by a spring-forward change (02:30 where 02:00 jumps to 03:00) becomes the same time
  // after the jump (03:30); one that happens twice on a fall-back change is the first of the two. Luxon does both.
  const due = start.set({ hour, minute, second: 0, millisecond: 0 });
  return {
    dueAt: due.toJSDate(),
    localDate: start.toISODate() ?? '',
    dayStart: start.toJSDate(),
    dayEnd: start.plus({ days: 1 }).startOf('day').toJSDate(),
  };
}

/**
 * The first reminder strictly after `after`: the next chosen weekday at the chosen wall-clock time in the person's
 * zone, whatever daylight-saving change lies between (the offset is the one of that day, not of today).
 */
export function nextReminder(times: ReminderTimes, after: Date): ReminderOccasion | null {
  if (times.days.length === 0) return null;
  const [hour, minute] = times.time.split(':').map(Number);
  const today = DateTime.fromJSDate(after, { zone: times.timeZone }).startOf('day');
  // Eight days: today (if the time is still ahead) and a whole week after it.
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = today.plus({ days: offset });
    if (!times.days.includes(day.weekday as IsoWeekday)) continue;
    const occasion = occasionOn(day, hour, minute);
    if (occasion.dueAt.getTime() > after.getTime()) return occasion;
  }
  return null;
}

/** The occasion a due instant belongs to (its local day in the zone). */
export function occasionAt(times: Pick<ReminderTimes, 'timeZone'>, dueAt: Date): ReminderOccasion {
  const local = DateTime.fromJSDate(dueAt, { zone: times.timeZone });
  const occasion = occasionOn(local, 0, 0);
  return { ...occasion, dueAt };
}
