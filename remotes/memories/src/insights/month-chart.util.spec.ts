import { describeMonths, heatLevel, monthBars } from './month-chart.util';

describe('writing charts', () => {
  it('sizes each month against the busiest one', () => {
    expect(
      monthBars([
        { month: '2024-12', count: 2 },
        { month: '2025-01', count: 4 },
        { month: '2025-02', count: 0 },
      ]),
    ).toEqual([
      { month: '2024-12', count: 2, label: 'Dec', height: 0.5 },
      { month: '2025-01', count: 4, label: 'Jan', height: 1 },
      { month: '2025-02', count: 0, label: 'Feb', height: 0 },
    ]);
    expect(monthBars([{ month: '2025-02', count: 0 }])[0].height).toBe(0);
  });

  it('describes the months in words', () => {
    expect(
      describeMonths([
        { month: '2025-01', count: 4 },
        { month: '2025-02', count: 0 },
      ]),
    ).toBe('January 2025: 4, February 2025: 0');
  });

  it('darkens a heat-map day by its share of the busiest day', () => {
    expect([0, 1, 2, 3, 5, 8].map((count) => heatLevel(count, 8))).toEqual([0, 1, 1, 2, 3, 4]);
    expect(heatLevel(1, 1)).toBe(4);
  });
});
