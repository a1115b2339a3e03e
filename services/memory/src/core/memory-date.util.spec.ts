import { toMemoryDateTime, toRangeEndExclusive, toRangeStart } from './memory-date.util';

describe('memory dates', () => {
  it('gives a bare date the time 12:00:00', () => {
    expect(toMemoryDateTime('2024-05-01')).toBe('2024-05-01T12:00:00');
  });

  it('keeps a local date-time and converts one with a zone to UTC', () => {
    expect(toMemoryDateTime('2024-05-01T08:30')).toBe('2024-05-01T08:30:00');
    expect(toMemoryDateTime('2024-05-01T08:30:15.123Z')).toBe('2024-05-01T08:30:15');
    expect(toMemoryDateTime('2024-05-01T01:00:00+02:00')).toBe('2024-04-30T23:00:00');
  });

  it.each(['2024-13-01', '2023-02-29', '01/05/2024', '2024-05-01T25:00', '', '2024-05-01 12:00'])(
    'refuses %j',
    (value) => {
      expect(() => toMemoryDateTime(value)).toThrow('date must be a date (yyyy-MM-dd) or an ISO date-time');
    },
  );

  it('makes a bare range cover whole days', () => {
    expect(toRangeStart('2024-12-31', 'dateFrom')).toBe('2024-12-31T00:00:00');
    expect(toRangeEndExclusive('2024-12-31', 'dateTo')).toBe('2025-01-01T00:00:00');
    expect(toRangeEndExclusive('2024-12-31T10:00:00', 'dateTo')).toBe('2024-12-31T10:00:01');
    expect(toRangeEndExclusive('9999-12-31', 'dateTo')).toBe('infinity');
    expect(toRangeEndExclusive('9999-12-31T23:59:59', 'dateTo')).toBe('infinity');
  });
});
