/**
 * The `highlight` of a search hit: a snippet of the memory's text with the matched words in `<mark>`. It is built on
 * the server from plain text and read by the web app, which turns it back into text and `<mark>` elements (never
 * into HTML): the only markup it can hold is `<mark>` and `</mark>`, everything else is escaped text.
 */
export interface HighlightSegment {
  text: string;
  marked: boolean;
}

const MARK_OPEN = '<mark>';
const MARK_CLOSE = '</mark>';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(ESCAPES).map(([char, entity]) => [entity, char]),
);

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** The markup of a snippet: every segment's text escaped, the marked ones wrapped in `<mark>`. */
export function toHighlightMarkup(segments: readonly HighlightSegment[]): string {
  return segments
    .filter((segment) => segment.text !== '')
    .map((segment) =>
      segment.marked ? `${MARK_OPEN}${escapeText(segment.text)}${MARK_CLOSE}` : escapeText(segment.text),
    )
    .join('');
}

/**
 * The segments of a highlight. Only the five entities `toHighlightMarkup` writes are decoded; anything else (a stray
 * tag, an unknown entity, an unclosed mark) stays literal text, so no input can become markup.
 */
export function parseHighlightMarkup(markup: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (text: string, marked: boolean) => {
    const decoded = text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => UNESCAPES[entity]);
    if (decoded !== '') segments.push({ text: decoded, marked });
  };
  let rest = markup;
  while (rest !== '') {
    const open = rest.indexOf(MARK_OPEN);
    const close = open === -1 ? -1 : rest.indexOf(MARK_CLOSE, open + MARK_OPEN.length);
    if (open === -1 || close === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, open), false);
    push(rest.slice(open + MARK_OPEN.length, close), true);
    rest = rest.slice(close + MARK_CLOSE.length);
  }
  return segments;
}
