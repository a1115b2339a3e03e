import { DEFAULT_TIMELINE_PAGE_SIZE, MAX_ON_THIS_DAY_MEMORIES } from '@memories/contracts';
import { strictMock, type StrictMock } from '@memories/server-testing';
import { FIXTURE_OWNER } from '../core/memory-record.fixture';
import { journalNotFound, type JournalAccess, type Membership } from '../access/journal-access';
import type { RediscoveryRepository, SummaryRecord } from './rediscovery.repository';
import { MAX_SEALED_CHARS_PER_ANSWER, RediscoveryService } from './rediscovery.service';
import { decodeCursor, encodeCursor } from './timeline-cursor.util';

const as = (userId?: string) => ({ correlationId: 'c-1', userId });
const ID = '44444444-4444-4444-8444-444444444444';
const JOURNAL = '55555555-5555-4555-8555-555555555555';
/** The caller's own memories: what every look back reads without a journal. */
const OWN = { userId: FIXTURE_OWNER };

const summary = (change: Partial<SummaryRecord> = {}): SummaryRecord => ({
  id: ID,
  journalId: JOURNAL,
  title: 'Harbour',
  date: '2023-05-01T12:00:00',
  imageUrl: '',
  isDraft: false,
  tags: [],
  textStart: 'We   watched\nthe boats',
  mood: null,
  sealed: null,
  sealedImageUrls: null,
  ...change,
});
/** A memory of a locked journal as the table holds it: ciphertext, its plaintext columns empty. */
const sealedSummary = (change: Partial<SummaryRecord> = {}): SummaryRecord =>
  summary({
    title: '',
    textStart: '',
    imageUrl: '/api/files/users/u/sealed-image',
    sealed: 'c'.repeat(64),
    sealedImageUrls: ['/api/files/users/u/sealed-image'],
    ...change,
  });

describe('RediscoveryService', () => {
  let repository: StrictMock<RediscoveryRepository>;
  let journals: StrictMock<JournalAccess>;
  let service: RediscoveryService;

  beforeEach(() => {
    repository = strictMock<RediscoveryRepository>('RediscoveryRepository');
    journals = strictMock<JournalAccess>('JournalAccess');
    service = new RediscoveryService(
      repository as unknown as RediscoveryRepository,
      journals as unknown as JournalAccess,
    );
  });

  it('refuses a caller without a user', async () => {
    await expect(service.years(as(undefined), {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("reads one journal's memories for its members only", async () => {
    journals.requireMember.mockResolvedValueOnce({} as Membership);
    repository.years.mockResolvedValue([{ year: 2024, count: 3 }]);
    await expect(service.years(as(FIXTURE_OWNER), { journalId: JOURNAL })).resolves.toEqual([{ year: 2024, count: 3 }]);
    expect(journals.requireMember).toHaveBeenCalledWith(expect.objectContaining({ userId: FIXTURE_OWNER }), JOURNAL);
    expect(repository.years).toHaveBeenCalledWith({ journalId: JOURNAL });

    journals.requireMember.mockRejectedValueOnce(journalNotFound(JOURNAL));
    await expect(
      service.calendar(as(FIXTURE_OWNER), { from: '2024-02-01', to: '2024-02-29', journalId: JOURNAL }),
    ).rejects.toMatchObject({
      code: 'JOURNAL_NOT_FOUND',
    });
    expect(repository.countByDay).not.toHaveBeenCalled();
  });

  describe('On This Day', () => {
    it('asks for the month and day in earlier years and says how long ago each was', async () => {
      repository.onMonthDays.mockResolvedValue([summary(), summary({ date: '2021-05-01T08:00:00' })]);

      const found = await service.onThisDay(as(FIXTURE_OWNER), { date: '2026-05-01' });

      expect(repository.onMonthDays).toHaveBeenCalledWith(OWN, [501], '2026-01-01T00:00:00', MAX_ON_THIS_DAY_MEMORIES);
      expect(found.map((memory) => memory.yearsAgo)).toEqual([3, 5]);
      expect(found[0]).toEqual({
        id: ID,
        journalId: JOURNAL,
        title: 'Harbour',
        date: '2023-05-01T12:00:00',
        imageUrl: '',
        isDraft: false,
        tags: [],
        excerpt: 'We watched the boats',
        mood: null,
        yearsAgo: 3,
      });
    });

    it('shows the newest memories whose ciphertexts fit one answer', async () => {
      const big = 'c'.repeat(MAX_SEALED_CHARS_PER_ANSWER / 2);
      repository.onMonthDays.mockResolvedValue([
        sealedSummary({ sealed: big, date: '2025-05-01T12:00:00' }),
        summary({ date: '2024-05-01T12:00:00' }),
        sealedSummary({ sealed: big, date: '2023-05-01T12:00:00' }),
        sealedSummary({ sealed: big, date: '2022-05-01T12:00:00' }),
      ]);

      const found = await service.onThisDay(as(FIXTURE_OWNER), { date: '2026-05-01' });

      expect(found.map((memory) => memory.yearsAgo)).toEqual([1, 2, 3]);
    });

    it.each([
      ['Feb 28 of a year without Feb 29 also shows Feb 29', '2025-02-28', [228, 229]],
      ['Feb 28 of a leap year shows Feb 28 only', '2024-02-28', [228]],
      ['Feb 29 shows Feb 29', '2024-02-29', [229]],
      ['Mar 1 of a year without Feb 29 shows Mar 1 only', '2025-03-01', [301]],
    ])('%s', async (_case, date, monthDays) => {
      repository.onMonthDays.mockResolvedValue([]);

      await service.onThisDay(as(FIXTURE_OWNER), { date });

      expect(repository.onMonthDays.mock.calls[0][1]).toEqual(monthDays);
    });
  });

  it('counts the calendar from the first day to the end of the last', async () => {
    repository.countByDay.mockResolvedValue([{ date: '2024-02-29', count: 2, mood: 4.5 }]);

    await expect(service.calendar(as(FIXTURE_OWNER), { from: '2024-02-01', to: '2024-02-29' })).resolves.toEqual([
      { date: '2024-02-29', count: 2, mood: 4.5 },
    ]);
    expect(repository.countByDay).toHaveBeenCalledWith(OWN, '2024-02-01', '2024-02-29');
  });

  describe('timeline', () => {
    it('reads one more than a page and gives the cursor of its last entry when more follow', async () => {
      const records = Array.from({ length: 3 }, (_, n) =>
        summary({ id: `4444444${n}-4444-4444-8444-444444444444`, date: `2024-05-0${3 - n}T12:00:00` }),
      );
      repository.timeline.mockResolvedValue(records);

      const page = await service.timeline(as(FIXTURE_OWNER), { size: 2 });

      expect(repository.timeline).toHaveBeenCalledWith(OWN, {}, 3);
      expect(page.entries).toHaveLength(2);
      expect(page.nextCursor && decodeCursor(page.nextCursor)).toEqual({
        date: '2024-05-02T12:00:00',
        id: records[1].id,
      });
    });

    it('carries a locked memory’s ciphertext and images’ addresses, with no excerpt and no picture', async () => {
      repository.timeline.mockResolvedValue([sealedSummary(), summary()]);

      const { entries } = await service.timeline(as(FIXTURE_OWNER), {});

      expect(entries[0]).toMatchObject({
        journalId: JOURNAL,
        title: '',
        excerpt: '',
        imageUrl: '',
        sealed: { ciphertext: 'c'.repeat(64), imageUrls: ['/api/files/users/u/sealed-image'] },
      });
      expect(entries[1]).not.toHaveProperty('sealed');
    });

    it('ends a page early when its ciphertexts would not fit one answer, and goes on from there', async () => {
      const big = 'c'.repeat(MAX_SEALED_CHARS_PER_ANSWER / 2);
      const records = Array.from({ length: 3 }, (_, n) =>
        sealedSummary({ id: `4444444${n}-4444-4444-8444-444444444444`, sealed: big }),
      );
      repository.timeline.mockResolvedValue(records);

      const page = await service.timeline(as(FIXTURE_OWNER), { size: 3 });

      expect(page.entries.map((entry) => entry.id)).toEqual([records[0].id, records[1].id]);
      expect(page.nextCursor && decodeCursor(page.nextCursor)).toMatchObject({ id: records[1].id });

      repository.timeline.mockResolvedValue([sealedSummary({ sealed: 'c'.repeat(MAX_SEALED_CHARS_PER_ANSWER + 1) })]);
      await expect(service.timeline(as(FIXTURE_OWNER), {})).resolves.toMatchObject({
        entries: [{ id: ID }],
        nextCursor: null,
      });
    });

    it('continues after a cursor, or starts at the end of the day `until`, and ends without a cursor', async () => {
      repository.timeline.mockResolvedValue([summary()]);
      const cursor = encodeCursor({ date: '2024-05-02T12:00:00', id: ID });

      await expect(service.timeline(as(FIXTURE_OWNER), { cursor })).resolves.toMatchObject({ nextCursor: null });
      await service.timeline(as(FIXTURE_OWNER), { until: '2023-12-31' });

      expect(repository.timeline.mock.calls[0][1]).toEqual({ position: { date: '2024-05-02T12:00:00', id: ID } });
      expect(repository.timeline.mock.calls[0][2]).toBe(DEFAULT_TIMELINE_PAGE_SIZE + 1);
      expect(repository.timeline.mock.calls[1][1]).toEqual({ before: '2024-01-01T00:00:00' });
    });

    it('bounds the page by infinity when `until` is the last day a date can have (no day after it to name)', async () => {
      repository.timeline.mockResolvedValue([]);

      await service.timeline(as(FIXTURE_OWNER), { until: '9999-12-31' });

      expect(repository.timeline.mock.calls[0][1]).toEqual({ before: 'infinity' });
    });

    it.each([
      ['garbage', 'not-a-cursor'],
      ['an impossible date', Buffer.from(`2024-02-30T00:00:00|${ID}`).toString('base64url')],
      ['a month 13', Buffer.from(`2024-13-01T00:00:00|${ID}`).toString('base64url')],
      ['the year 0', Buffer.from(`0000-01-01T00:00:00|${ID}`).toString('base64url')],
      ['no id', Buffer.from('2024-01-01T00:00:00|').toString('base64url')],
    ])('refuses a cursor that is %s, without asking the database', async (_case, cursor) => {
      await expect(service.timeline(as(FIXTURE_OWNER), { cursor })).rejects.toMatchObject({
        code: 'MEMORY_CURSOR_INVALID',
      });
    });
  });

  it('lists twelve months up to the current one, empty months included', async () => {
    repository.stats.mockResolvedValue({
      totalMemories: 3,
      totalWords: 120,
      currentStreak: 2,
      longestStreak: 5,
      months: [{ month: '2025-03', count: 2 }],
    });
    repository.moodByMonth.mockResolvedValue([]);

    const stats = await service.stats(as(FIXTURE_OWNER), { date: '2025-03-01' });

    expect(repository.stats).toHaveBeenCalledWith(OWN, '2025-03-01', '2025-02-28', '2024-04-01', '2025-03-31');
    expect(stats.perMonth).toHaveLength(12);
    expect(stats.perMonth[0]).toEqual({ month: '2024-04', count: 0, averageMood: null });
    expect(stats.perMonth[11]).toEqual({ month: '2025-03', count: 2, averageMood: null });
    expect(stats).toMatchObject({ totalMemories: 3, totalWords: 120, currentStreak: 2, longestStreak: 5 });
  });

  it('counts up to the end of the month of the last day a date can have (no month after it to count from)', async () => {
    repository.stats.mockResolvedValue({
      totalMemories: 0,
      totalWords: 0,
      currentStreak: 0,
      longestStreak: 0,
      months: [],
    });
    repository.moodByMonth.mockResolvedValue([]);

    const stats = await service.stats(as(FIXTURE_OWNER), { date: '9999-12-31' });

    expect(repository.stats).toHaveBeenCalledWith(OWN, '9999-12-31', '9999-12-30', '9999-01-01', '9999-12-31');
    expect(stats.perMonth.at(-1)).toEqual({ month: '9999-12', count: 0, averageMood: null });
  });

  it('gives each month the average mood of its memories that have one, and null to a month without', async () => {
    repository.stats.mockResolvedValue({
      totalMemories: 4,
      totalWords: 40,
      currentStreak: 0,
      longestStreak: 1,
      months: [
        { month: '2025-02', count: 1 },
        { month: '2025-03', count: 3 },
      ],
    });
    repository.moodByMonth.mockResolvedValue([{ month: '2025-03', mood: 3.5 }]);

    const stats = await service.stats(as(FIXTURE_OWNER), { date: '2025-03-01' });

    expect(repository.moodByMonth).toHaveBeenCalledWith(OWN, '2024-04-01', '2025-03-31');
    expect(stats.perMonth.slice(-2)).toEqual([
      { month: '2025-02', count: 1, averageMood: null },
      { month: '2025-03', count: 3, averageMood: 3.5 },
    ]);
  });

  it('answers a random memory, or null for an empty journal', async () => {
    repository.random.mockResolvedValueOnce(summary()).mockResolvedValueOnce(undefined);

    await expect(service.random(as(FIXTURE_OWNER))).resolves.toMatchObject({ id: ID });
    await expect(service.random(as(FIXTURE_OWNER))).resolves.toBeNull();
  });
});
