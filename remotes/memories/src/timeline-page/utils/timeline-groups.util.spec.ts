import type { MemorySummary } from '@memories/contracts';
import { groupByYearAndMonth } from './timeline-groups.util';

const entry = (id: string, date: string): MemorySummary => ({
  id,
  journalId: 'journal-1',
  title: id,
  date,
  imageUrl: '',
  isDraft: false,
  tags: [],
  mood: null,
  excerpt: '',
});

describe('groupByYearAndMonth', () => {
  it('groups newest-first entries by year, then month, keeping their order', () => {
    const groups = groupByYearAndMonth([
      entry('a', '2024-05-03T12:00:00'),
      entry('b', '2024-05-01T12:00:00'),
      entry('c', '2024-02-29T12:00:00'),
      entry('d', '2023-12-31T23:59:00'),
    ]);

    expect(
      groups.map((year) => [year.year, year.months.map((month) => [month.month, month.entries.map((e) => e.id)])]),
    ).toEqual([
      [
        '2024',
        [
          ['2024-05', ['a', 'b']],
          ['2024-02', ['c']],
        ],
      ],
      ['2023', [['2023-12', ['d']]]],
    ]);
  });
});
