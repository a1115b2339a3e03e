import { toHighlightMarkup, type HighlightSegment } from '@memories/contracts';

/**
 * ts_headline marks matches with these two private-use characters (removed from the text first, so the text
 * cannot fake one); `toHighlight` turns them into `<mark>` around escaped text. The text itself is never HTML.
 */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/** A text of at most this many words is shown whole, its matches marked. */
export const WHOLE_TEXT_WORDS = 36;
const MARKERS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
/** ts_headline of a short text: all of it. */
export const WHOLE_HEADLINE_OPTIONS = `${MARKERS}, MaxWords=${WHOLE_TEXT_WORDS}, MinWords=${WHOLE_TEXT_WORDS - 1}`;
/**
 * ts_headline of a longer text: up to two fragments around the matches, 8-18 words each (the first words of the
 * text when only the title matched).
 */
export const FRAGMENT_HEADLINE_OPTIONS = `${MARKERS}, MaxWords=18, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;

/** Characters of the text's start and end the snippet is compared with, to know whether it is cut there. */
export const TEXT_EDGE_LENGTH = 80;

/** The first characters of a text as the snippet of a search without words. */
export const PLAIN_SNIPPET_LENGTH = 200;

/** The marked and unmarked pieces of a ts_headline result. */
function segmentsOf(headline: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  let rest = headline;
  for (;;) {
    const start = rest.indexOf(MATCH_START);
    const end = start === -1 ? -1 : rest.indexOf(MATCH_END, start);
    if (end === -1) {
      segments.push({ text: rest.replaceAll(MATCH_START, ''), marked: false });
      return segments.filter((segment) => segment.text !== '');
    }
    segments.push({ text: rest.slice(0, start), marked: false }, { text: rest.slice(start + 1, end), marked: true });
    rest = rest.slice(end + 1);
  }
}

/**
 * The `highlight` markup of a ts_headline result, with "…" where the snippet starts after the text's start or ends
 * before its end (`head` and `tail`: the first and last TEXT_EDGE_LENGTH characters of the text).
 */
export function toHighlight(headline: string, head: string, tail: string): string {
  const segments = segmentsOf(headline);
  // Compared by letters and digits only: ts_headline drops punctuation at a fragment's edges and tag-like text.
  const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
  const plain = letters(segments.map((segment) => segment.text).join(''));
  if (plain === '') return '';
  const startsAtStart = letters(head).startsWith(plain.slice(0, 16));
  const endsAtEnd = letters(tail).endsWith(plain.slice(-16));
  return toHighlightMarkup([
    ...(startsAtStart ? [] : [{ text: '… ', marked: false }]),
    ...segments,
    ...(endsAtEnd ? [] : [{ text: ' …', marked: false }]),
  ]);
}
