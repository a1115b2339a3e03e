import {
  addMonths,
  formatDay,
  formatMonth,
  isMonth,
  memoriesCount,
  monthRange,
  monthWeeks,
  yearWeeks,
} from './calendar.util';

describe('calendar', () => {
  it('steps through months across years', () => {
    expect(addMonths('2024-12', 1)).toBe('2025-01');
    expect(addMonths('2024-01', -1)).toBe('2023-12');
    expect(addMonths('2024-03', -13)).toBe('2023-02');
  });

  it('knows the last day of a month, Feb 29 of leap years included', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2023-02')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(monthRange('2024-12')).toEqual({ from: '2024-12-01', to: '2024-12-31' });
  });

  it('lays a month out in weeks from Sunday, with blanks around it', () => {
    // May 1, 2024 was a Wednesday.
    const weeks = monthWeeks('2024-05');

    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([null, null, null, '2024-05-01', '2024-05-02', '2024-05-03', '2024-05-04']);
    expect(weeks[4]).toEqual([
      '2024-05-26',
      '2024-05-27',
      '2024-05-28',
      '2024-05-29',
      '2024-05-30',
      '2024-05-31',
      null,
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });

  it('lays a year out in columns of weeks for the heat map', () => {
    const weeks = yearWeeks(2024);

    expect(weeks[0][0]).toBeNull();
    expect(weeks[0][1]).toBe('2024-01-01');
    expect(weeks.flat().filter(Boolean)).toHaveLength(366);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('reads and writes months and days', () => {
    expect(isMonth('2024-05')).toBe(true);
    expect(isMonth('2024-13')).toBe(false);
    expect(isMonth(null)).toBe(false);
    expect(formatMonth('2024-05')).toBe('May 2024');
    expect(formatDay('2024-05-03')).toBe('Friday, May 3, 2024');
    expect([memoriesCount(1), memoriesCount(2)]).toEqual(['1 memory', '2 memories']);
  });
});
