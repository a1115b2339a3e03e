import fc from 'fast-check';
import { parseSearchQuery } from '@memories/contracts';
import { toTsQuery, tsQueryOperand } from './search-tsquery';

describe('toTsQuery', () => {
  it('requires every clause, joins OR terms, excludes, and matches the word being typed as a prefix', () => {
    expect(toTsQuery(parseSearchQuery('"by the sea" cats OR dogs -rain walk'))).toBe(
      "( 'by the sea' ) & ( 'cats' | 'dogs' ) & ( 'walk':* ) & !'rain'",
    );
  });

  it('restricts every operand to the title or the text', () => {
    expect(toTsQuery(parseSearchQuery('sea -rain wal'), { field: 'A' })).toBe("( 'sea':A ) & ( 'wal':*A ) & !'rain':A");
  });

  it("adds the owner's other forms of a word as alternatives", () => {
    const variants = new Map([['walking', ['walk', 'walked']]]);

    expect(toTsQuery(parseSearchQuery('walking '), { variants })).toBe("( 'walking' | 'walk' | 'walked' )");
  });

  it('has no query for a search without words', () => {
    expect(toTsQuery(parseSearchQuery('tag:travel is:draft'))).toBeUndefined();
  });

  it('escapes quotes and backslashes inside the operand', () => {
    expect(tsQueryOperand("don't \\ stop")).toBe("'don''t \\\\ stop'");
  });
});

/** What is left of a tsquery text once its quoted operands are removed: only operators, parentheses and labels. */
function outsideOperands(tsquery: string): string {
  return tsquery.replace(/'(?:[^'\\]|''|\\.)*'/g, '');
}

describe('toTsQuery properties', () => {
  it('puts everything typed inside quoted operands: outside them there are only operators and labels', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.constantFrom(undefined, 'A' as const, 'B' as const),
        (input, field) => {
          const tsquery = toTsQuery(parseSearchQuery(input), { field });
          if (tsquery !== undefined) expect(outsideOperands(tsquery)).toMatch(/^[ ()&|!:*AB]*$/);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('quotes any text so that it reads back unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), (text) => {
        const quoted = tsQueryOperand(text);
        expect(outsideOperands(quoted)).toBe('');
        expect(quoted.slice(1, -1).replace(/''/g, "'").replace(/\\\\/g, '\\')).toBe(text);
      }),
      { numRuns: 1000 },
    );
  });
});
