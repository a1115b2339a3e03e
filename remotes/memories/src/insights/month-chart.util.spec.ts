import { describeMonths, heatLevel, monthBars, monthMoods } from './month-chart.util';

describe('writing charts', () => {
  it('lists the average mood of the months that have one', () => {
    expect(
      monthMoods([
        { month: '2025-01', count: 4, averageMood: 3.5 },
        { month: '2025-02', count: 2, averageMood: null },
        { month: '2025-03', count: 1, averageMood: 5 },
      ]),
    ).toEqual([
      { month: '2025-01', name: 'January 2025', mood: 3.5 },
      { month: '2025-03', name: 'March 2025', mood: 5 },
    ]);
  });

  it('sizes each month against the busiest one', () => {
    expect(
      monthBars([
        { month: '2024-12', count: 2, averageMood: null },
        { month: '2025-01', count: 4, averageMood: null },
        { month: '2025-02', count: 0, averageMood: null },
      ]),
    ).toEqual([
      { month: '2024-12', count: 2, label: 'Dec', height: 0.5 },
      { month: '2025-01', count: 4, label: 'Jan', height: 1 },
      { month: '2025-02', count: 0, label: 'Feb', height: 0 },
    ]);
    expect(monthBars([{ month: '2025-02', count: 0, averageMood: null }])[0].height).toBe(0);
  });

  it('describes the months in words', () => {
    expect(
      describeMonths([
        { month: '2025-01', count: 4, averageMood: null },
        { month: '2025-02', count: 0, averageMood: null },
      ]),
    ).toBe('January 2025: 4, February 2025: 0');
  });

  it('darkens a heat-map day by its share of the busiest day', () => {
    expect([0, 1, 2, 3, 5, 8].map((count) => heatLevel(count, 8))).toEqual([0, 1, 1, 2, 3, 4]);
    expect(heatLevel(1, 1)).toBe(4);
  });
});
