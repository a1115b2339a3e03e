import { toPrefixTsQuery } from './search-query.util';

describe('toPrefixTsQuery', () => {
  it('requires every word and matches the last as a prefix', () => {
    expect(toPrefixTsQuery('Summer holi')).toBe('summer & holi:*');
  });

  it('keeps no tsquery operator from the input', () => {
    expect(toPrefixTsQuery(`a' | !b & (c) <-> d:*`)).toBe('a & b & c & d:*');
  });

  it('keeps letters of any script and answers undefined when nothing searchable is left', () => {
    expect(toPrefixTsQuery('Café 東京')).toBe('café & 東京:*');
    expect(toPrefixTsQuery(' !? ')).toBeUndefined();
    expect(toPrefixTsQuery(undefined)).toBeUndefined();
  });
});
