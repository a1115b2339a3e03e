/** Longest word kept in a search (PostgreSQL ignores longer lexemes anyway). */
const MAX_WORD_LENGTH = 64;
/** Most words of one search term: more adds cost and no precision. */
const MAX_WORDS = 16;

/**
 * Turns what a person typed into a `to_tsquery` expression: only letters and digits survive (so no tsquery
 * operator from the input can change the query's shape), every word must match, and the last word matches as a
 * prefix (search as you type). Undefined when nothing searchable is left.
 */
export function toPrefixTsQuery(input: string | undefined): string | undefined {
  if (!input) return undefined;
  const words = (input.normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [])
    .map((word) => word.slice(0, MAX_WORD_LENGTH).toLowerCase())
    .slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  const last = words.length - 1;
  return words.map((word, index) => (index === last ? `${word}:*` : word)).join(' & ');
}
