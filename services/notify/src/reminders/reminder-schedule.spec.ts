import { nextReminder, occasionAt } from './reminder-schedule';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7] as const;

describe('nextReminder', () => {
  it('is today at the chosen local time while that time is still ahead', () => {
    const next = nextReminder(
      { time: '20:00', timeZone: 'Europe/Paris', days: EVERY_DAY },
      new Date('2026-06-10T10:00:00Z'),
    );
    expect(next?.dueAt.toISOString()).toBe('2026-06-10T18:00:00.000Z');
    expect(next?.localDate).toBe('2026-06-10');
  });

  it('is tomorrow once today’s time has passed, and never the instant given itself', () => {
    const times = { time: '20:00', timeZone: 'Europe/Paris', days: EVERY_DAY };
    expect(nextReminder(times, new Date('2026-06-10T18:00:00Z'))?.dueAt.toISOString()).toBe('2026-06-11T18:00:00.000Z');
  });

  it('keeps the local hour across the spring-forward change (UTC moves an hour earlier)', () => {
    const times = { time: '20:00', timeZone: 'Europe/Paris', days: EVERY_DAY };
    const before = nextReminder(times, new Date('2026-03-28T12:00:00Z'));
    const after = nextReminder(times, before!.dueAt);
    expect(before?.dueAt.toISOString()).toBe('2026-03-28T19:00:00.000Z');
    expect(after?.dueAt.toISOString()).toBe('2026-03-29T18:00:00.000Z');
  });

  it('keeps the local hour across the fall-back change in New York', () => {
    const times = { time: '07:30', timeZone: 'America/New_York', days: EVERY_DAY };
    const before = nextReminder(times, new Date('2026-10-31T12:00:00Z'));
    const after = nextReminder(times, before!.dueAt);
    expect(before?.dueAt.toISOString()).toBe('2026-11-01T12:30:00.000Z');
    expect(after?.dueAt.toISOString()).toBe('2026-11-02T12:30:00.000Z');
  });

  it('moves a time the clocks skip to the same time after the jump, and is once on a time that happens twice', () => {
    const skipped = nextReminder(
      { time: '02:30', timeZone: 'Europe/Paris', days: EVERY_DAY },
      new Date('2026-03-28T23:00:00Z'),
    );
    expect(skipped?.dueAt.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(skipped?.localDate).toBe('2026-03-29');

    const twice = { time: '02:30', timeZone: 'Europe/Paris', days: EVERY_DAY };
    const first = nextReminder(twice, new Date('2026-10-24T23:00:00Z'));
    expect(first?.dueAt.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(nextReminder(twice, first!.dueAt)?.localDate).toBe('2026-10-26');
  });

  it('skips the days not chosen, counting ISO weekdays in the person’s zone', () => {
    // 2026-06-12 is a Friday in Auckland while it is still Thursday in UTC.
    const next = nextReminder(
      { time: '09:00', timeZone: 'Pacific/Auckland', days: [1] },
      new Date('2026-06-11T22:00:00Z'),
    );
    expect(next?.localDate).toBe('2026-06-15');
    expect(next?.dueAt.toISOString()).toBe('2026-06-14T21:00:00.000Z');
  });

  it('has nothing to schedule without days', () => {
    expect(nextReminder({ time: '09:00', timeZone: 'UTC', days: [] }, new Date())).toBeNull();
  });
});

describe('occasionAt', () => {
  it('gives the local day of a due instant with its 23-hour bounds on a spring-forward day', () => {
    const occasion = occasionAt({ timeZone: 'Europe/Paris' }, new Date('2026-03-29T18:00:00Z'));
    expect(occasion.localDate).toBe('2026-03-29');
    expect(occasion.dayStart.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(occasion.dayEnd.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
