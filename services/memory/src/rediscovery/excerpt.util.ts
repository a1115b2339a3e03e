import { MAX_EXCERPT_LENGTH } from '@memories/contracts';

/** How far back from the cut an excerpt looks for a space to end on a whole word. */
const WORD_BOUNDARY_REACH = 40;

/** The beginning of a plain text on one line, at most MAX_EXCERPT_LENGTH characters, cut after a word with "…". */
export function toExcerpt(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  if (line.length <= MAX_EXCERPT_LENGTH) return line;
  const cut = line.slice(0, MAX_EXCERPT_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space >= cut.length - WORD_BOUNDARY_REACH ? cut.slice(0, space) : cut).trimEnd()}…`;
}
