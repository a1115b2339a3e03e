import { MAX_EXCERPT_LENGTH, toExcerpt } from './memory-rediscovery';

describe('toExcerpt', () => {
  it('puts a short text on one line', () => {
    expect(toExcerpt('  Boats\n\nat   dawn ')).toBe('Boats at dawn');
  });

  it('cuts a long text after a whole word, with "…"', () => {
    const excerpt = toExcerpt('word '.repeat(100));

    expect(excerpt.length).toBeLessThanOrEqual(MAX_EXCERPT_LENGTH);
    expect(excerpt).toMatch(/ word…$/);
  });

  it('cuts a text without spaces where it must', () => {
    expect(toExcerpt('x'.repeat(500))).toBe(`${'x'.repeat(MAX_EXCERPT_LENGTH - 1)}…`);
  });
});
