import { parseHighlightMarkup } from '@memories/contracts';
import { MATCH_END, MATCH_START, toHighlight } from './search-highlight.util';

const mark = (text: string) => `${MATCH_START}${text}${MATCH_END}`;

describe('toHighlight', () => {
  it('wraps the matches in <mark> and escapes everything else', () => {
    const text = 'A <b>bold</b> café & more';

    expect(toHighlight(text.replace('café', mark('café')), text, text)).toBe(
      'A &lt;b&gt;bold&lt;/b&gt; <mark>café</mark> &amp; more',
    );
  });

  it('adds no "…" where only punctuation was left out at the edges', () => {
    expect(toHighlight(`the ${mark('boats')} came in`, 'The boats came in.', '"the boats came in."')).toBe(
      'the <mark>boats</mark> came in',
    );
  });

  it('adds "…" where the snippet is cut from a longer text', () => {
    const headline = `the ${mark('boats')} came in`;

    expect(toHighlight(headline, 'In the morning the boats came in', 'the boats came in, then it rained')).toBe(
      '… the <mark>boats</mark> came in …',
    );
  });

  it('answers an empty highlight for an empty text', () => {
    expect(toHighlight('', '', '')).toBe('');
  });

  it('reads back as the same text with the same words marked', () => {
    const text = `x < y "quoted" and it's`;
    const headline = `x < y ${mark('"quoted"')} and ${mark("it's")}`;

    expect(parseHighlightMarkup(toHighlight(headline, text, text))).toEqual([
      { text: 'x < y ', marked: false },
      { text: '"quoted"', marked: true },
      { text: ' and ', marked: false },
      { text: "it's", marked: true },
    ]);
  });
});
