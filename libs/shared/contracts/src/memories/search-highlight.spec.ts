import fc from 'fast-check';
import { parseHighlightMarkup, toHighlightMarkup, type HighlightSegment } from './search-highlight';

const segment = fc.record({ text: fc.string({ unit: 'grapheme', maxLength: 30 }), marked: fc.boolean() });

/** Adjacent segments of the same kind read back as one. */
function merged(segments: HighlightSegment[]): HighlightSegment[] {
  return segments
    .filter((part) => part.text !== '')
    .reduce<HighlightSegment[]>((all, part) => {
      const last = all.at(-1);
      if (last && last.marked === part.marked) last.text += part.text;
      else all.push({ ...part });
      return all;
    }, []);
}

describe('highlight markup', () => {
  it('escapes text and wraps marked segments', () => {
    expect(
      toHighlightMarkup([
        { text: '<img src=x onerror=alert(1)> & ', marked: false },
        { text: "it's", marked: true },
      ]),
    ).toBe('&lt;img src=x onerror=alert(1)&gt; &amp; <mark>it&#39;s</mark>');
  });

  it('keeps any other markup as literal text when reading', () => {
    expect(parseHighlightMarkup('<b>x</b> <mark>y &nbsp;</mark><mark>z')).toEqual([
      { text: '<b>x</b> ', marked: false },
      { text: 'y &nbsp;', marked: true },
      { text: '<mark>z', marked: false },
    ]);
  });

  it('reads back exactly what it wrote', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        expect(merged(parseHighlightMarkup(toHighlightMarkup(segments)))).toEqual(merged(segments));
      }),
      { numRuns: 1000 },
    );
  });

  it('writes no tag but <mark> and </mark>, whatever the text', () => {
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (segments) => {
        expect(toHighlightMarkup(segments).replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      }),
      { numRuns: 1000 },
    );
  });
});
