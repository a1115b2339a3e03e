import { rowsOf } from './query-rows.util';

describe('rowsOf', () => {
  it('returns the rows of a SELECT or INSERT ... RETURNING as given', () => {
    expect(rowsOf([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('unwraps the [rows, affected] answer of UPDATE ... RETURNING', () => {
    expect(rowsOf([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(rowsOf([[], 0])).toEqual([]);
  });
});
