import { MAX_JOURNAL_NAME_LENGTH } from '../journals/journal.types';
import { MAX_MOOD, MIN_MOOD } from '../memories/memory-mood';
import { calendarDayTime } from './calendar-day';
import type { MoodRange, ParsedSearchQuery, SearchTerm } from './search-query';

/** Most words and phrases one search uses (to find or to exclude); more add cost and no precision. */
export const MAX_SEARCH_TERMS = 16;
/** Most `tag:` operators one search uses. */
export const MAX_SEARCH_TAGS = 10;
/** Longest token kept (PostgreSQL ignores words over 2 KB; nobody types 64 letters). */
const MAX_TOKEN_LENGTH = 64;
/** A last word shorter than this is matched whole: a one-letter prefix would match half of every journal. */
const MIN_PREFIX_LENGTH = 2;

/** One piece of the input: a bare token, a quoted phrase, or `key:value`, each maybe negated with a leading `-`. */
interface Piece {
  negated: boolean;
  quoted: boolean;
  text: string;
  /** The piece ends the input (no space after it): the word being typed. */
  last: boolean;
}

const SEARCHABLE = /[\p{L}\p{N}]/u;

/** Splits the input into pieces; a quote that is never closed is only a separator, so its words stay plain words. */
function piecesOf(input: string): Piece[] {
  const pieces: Piece[] = [];
  let index = 0;
  while (index < input.length) {
    if (/\s/u.test(input[index])) {
      index++;
      continue;
    }
    const negated = input[index] === '-' && index + 1 < input.length && !/\s/u.test(input[index + 1]);
    const start = negated ? index + 1 : index;
    const keyEnd = /^[a-z]+:"/i.exec(input.slice(start))?.[0].length;
    const quoteAt = input[start] === '"' ? start : keyEnd !== undefined ? start + keyEnd - 1 : -1;
    const closing = quoteAt === -1 ? -1 : input.indexOf('"', quoteAt + 1);
    if (closing !== -1) {
      // `"exact phrase"` or `tag:"road trip"`: the key (if any) and the quoted text.
      const key = input.slice(start, quoteAt);
      pieces.push({
        negated,
        quoted: true,
        text: key + input.slice(quoteAt + 1, closing),
        last: closing === input.length - 1,
      });
      index = closing + 1;
      continue;
    }
    let end = start;
    while (end < input.length && !/\s/u.test(input[end]) && input[end] !== '"') end++;
    if (end === start) {
      // A lone quote (never closed) or a lone dash.
      index = start + 1;
      continue;
    }
    pieces.push({ negated, quoted: false, text: input.slice(start, end), last: end === input.length });
    index = end;
  }
  return pieces;
}

type Operator = { key: 'tag' | 'journal' | 'before' | 'after' | 'is' | 'has' | 'mood'; value: string };

/** `mood:` values: a mood, maybe after a comparison. */
const MOOD_VALUE = /^(>=|<=|>|<|=)?(\d)$/;

/** The moods `mood:<value>` asks for, or undefined when the value is no comparison with a mood. */
function moodRangeOf(value: string): MoodRange | undefined {
  const match = MOOD_VALUE.exec(value);
  const mood = Number(match?.[2]);
  if (!match || mood < MIN_MOOD || mood > MAX_MOOD) return undefined;
  const comparison = match[1] ?? '=';
  return narrowed(
    { atLeast: MIN_MOOD, atMost: MAX_MOOD },
    {
      atLeast: comparison === '>' ? mood + 1 : comparison.startsWith('<') ? MIN_MOOD : mood,
      atMost: comparison === '<' ? mood - 1 : comparison.startsWith('>') ? MAX_MOOD : mood,
    },
  );
}

/** The moods in both ranges; every empty range is the same one (so the query formats and reads back unchanged). */
function narrowed(range: MoodRange, by: MoodRange): MoodRange {
  const atLeast = Math.max(range.atLeast, by.atLeast);
  const atMost = Math.min(range.atMost, by.atMost);
  return atLeast > atMost ? NO_MOOD : { atLeast, atMost };
}

const NO_MOOD: MoodRange = { atLeast: MAX_MOOD + 1, atMost: MAX_MOOD };

/** `key:value` when the key is one of the operators and the value means something for it; otherwise undefined. */
function operatorOf(piece: Piece): Operator | undefined {
  const match = /^(tag|journal|before|after|is|has|mood):(.+)$/is.exec(piece.text);
  if (!match) return undefined;
  const key = match[1].toLowerCase() as Operator['key'];
  const value = piece.quoted && key !== 'tag' && key !== 'journal' ? match[2] : match[2].trim();
  if (key === 'tag') return value.trim() === '' ? undefined : { key, value: value.trim().slice(0, MAX_TOKEN_LENGTH) };
  // `-journal:` is no operator (pick the journals to search instead): it stays text.
  if (key === 'journal')
    return piece.negated || value.trim() === ''
      ? undefined
      : { key, value: value.trim().slice(0, MAX_JOURNAL_NAME_LENGTH) };
  // `-before:` is no operator (use the other one): it stays text, so nothing typed is silently ignored.
  if (key === 'before' || key === 'after')
    return piece.negated || calendarDayTime(value) === undefined ? undefined : { key, value };
  if (key === 'mood') return piece.negated || moodRangeOf(value) === undefined ? undefined : { key, value };
  if (key === 'is')
    return ['draft', 'published'].includes(value.toLowerCase()) ? { key, value: value.toLowerCase() } : undefined;
  return value.toLowerCase() === 'image' ? { key, value: 'image' } : undefined;
}

function termOf(piece: Piece, endsInput: boolean): SearchTerm | undefined {
  const text = piece.text.slice(0, MAX_TOKEN_LENGTH * (piece.quoted ? 4 : 1));
  if (!SEARCHABLE.test(text)) return undefined;
  if (piece.quoted) return { kind: 'phrase', text };
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return { kind: 'word', text, prefix: endsInput && !piece.negated && letters >= MIN_PREFIX_LENGTH };
}

/**
 * Reads what a person typed into the search box. Never throws: anything that is not valid syntax is searched as
 * plain words (`before:yesterday` looks for those words, an unclosed quote is ignored). Syntax: every word must
 * match; `"exact phrase"`; `-word` and `-"phrase"` exclude; `OR` between two words or phrases matches either;
 * `tag:name` or `tag:"two words"` (`-tag:name` excludes); `journal:name` or `journal:"two words"` (the caller's
 * journals of that name, by every member); `before:yyyy-MM-dd`, `after:yyyy-MM-dd` (strict);
 * `is:draft`, `is:published`; `has:image`, `-has:image`; `mood:4`, `mood:>=4` (also `<=`, `>`, `<`; several narrow
 * the range). A later `before:`, `after:`, `is:` or `has:` replaces an earlier one. The last word, while it is being
 * typed (no space after it), also matches as a prefix.
 */
export function parseSearchQuery(input: string | undefined): ParsedSearchQuery {
  const query: ParsedSearchQuery = { clauses: [], excluded: [], tags: [], excludedTags: [], journals: [] };
  if (!input) return query;
  const pieces = piecesOf(input.normalize('NFKC'));
  let terms = 0;
  let orPending = false;
  for (const [index, piece] of pieces.entries()) {
    if (!piece.negated && !piece.quoted && piece.text === 'OR') {
      // Joins the previous clause to the next term; an OR anywhere else means nothing.
      orPending = query.clauses.length > 0;
      continue;
    }
    const joinsClause = orPending;
    orPending = false;
    const operator = operatorOf(piece);
    if (operator) {
      applyOperator(query, operator, piece.negated);
      continue;
    }
    if (terms >= MAX_SEARCH_TERMS) continue;
    const term = termOf(piece, piece.last && index === pieces.length - 1);
    if (!term) continue;
    terms++;
    if (piece.negated) query.excluded.push(term);
    else if (joinsClause) query.clauses[query.clauses.length - 1].push(term);
    else query.clauses.push([term]);
  }
  return query;
}

function applyOperator(query: ParsedSearchQuery, { key, value }: Operator, negated: boolean): void {
  if (key === 'tag') {
    const tags = negated ? query.excludedTags : query.tags;
    if (tags.length < MAX_SEARCH_TAGS && !tags.includes(value)) tags.push(value);
  } else if (key === 'journal') {
    if (query.journals.length < MAX_SEARCH_TAGS && !query.journals.includes(value)) query.journals.push(value);
  } else if (key === 'is') {
    query.isDraft = (value === 'draft') !== negated;
  } else if (key === 'has') {
    query.hasImage = !negated;
  } else if (key === 'mood') {
    const range = moodRangeOf(value) as MoodRange;
    query.mood = query.mood ? narrowed(query.mood, range) : range;
  } else {
    query[key] = value;
  }
}

/** The operators that ask for the same moods (`mood:4`, or its bounds; an empty range as `mood:>5`). */
function formatMoodRange({ atLeast, atMost }: MoodRange): string[] {
  if (atLeast > atMost) return [`mood:>${MAX_MOOD}`];
  if (atLeast === atMost) return [`mood:${atLeast}`];
  return [
    ...(atLeast > MIN_MOOD ? [`mood:>=${atLeast}`] : []),
    ...(atMost < MAX_MOOD ? [`mood:<=${atMost}`] : []),
    ...(atLeast === MIN_MOOD && atMost === MAX_MOOD ? [`mood:>=${MIN_MOOD}`] : []),
  ];
}

function formatTerm(term: SearchTerm): string {
  return term.kind === 'phrase' ? `"${term.text}"` : term.text;
}

/**
 * The query written back in the search syntax (e.g. a "Did you mean" with some words replaced): parsing it again
 * gives the same query. The words to find come last, so a last word matched as a prefix is still the word being
 * typed; otherwise the text ends with a space.
 */
export function formatSearchQuery(query: ParsedSearchQuery): string {
  const quoteTag = (tag: string) => (/\s/u.test(tag) ? `"${tag}"` : tag);
  const parts = [
    ...query.tags.map((tag) => `tag:${quoteTag(tag)}`),
    ...query.excludedTags.map((tag) => `-tag:${quoteTag(tag)}`),
    ...query.journals.map((journal) => `journal:${quoteTag(journal)}`),
    ...(query.after ? [`after:${query.after}`] : []),
    ...(query.before ? [`before:${query.before}`] : []),
    ...(query.isDraft === undefined ? [] : [query.isDraft ? 'is:draft' : 'is:published']),
    ...(query.hasImage === undefined ? [] : [query.hasImage ? 'has:image' : '-has:image']),
    ...(query.mood ? formatMoodRange(query.mood) : []),
    ...query.excluded.map((term) => `-${formatTerm(term)}`),
    ...query.clauses.map((clause) => clause.map(formatTerm).join(' OR ')),
  ];
  const last = query.clauses.at(-1)?.at(-1);
  return `${parts.join(' ')}${last?.kind === 'word' && last.prefix ? '' : ' '}`;
}
