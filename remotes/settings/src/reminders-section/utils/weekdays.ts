import type { IsoWeekday } from '@memories/contracts';

/** The ISO weekdays in order, with the names the days' checkboxes show. */
export const WEEKDAYS: ReadonlyArray<{ day: IsoWeekday; label: string; short: string }> = [
  { day: 1, label: 'Monday', short: 'Mon' },
  { day: 2, label: 'Tuesday', short: 'Tue' },
  { day: 3, label: 'Wednesday', short: 'Wed' },
  { day: 4, label: 'Thursday', short: 'Thu' },
  { day: 5, label: 'Friday', short: 'Fri' },
  { day: 6, label: 'Saturday', short: 'Sat' },
  { day: 7, label: 'Sunday', short: 'Sun' },
];
