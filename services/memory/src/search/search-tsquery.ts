import type { ParsedSearchQuery, SearchTerm } from '@memories/contracts';

/** The title (A) or the text (B) of a memory, as its search vector weighs them. */
export type SearchField = 'A' | 'B';

export interface TsQueryOptions {
  /** Match only in the title or only in the text. */
  field?: SearchField;
  /** Other forms of a word the owner wrote (see the repository's `wordVariants`), by the word as typed. */
  variants?: ReadonlyMap<string, readonly string[]>;
}

/**
 * One quoted tsquery operand. Inside quotes every character is text (PostgreSQL's parser then splits it into
 * lexemes, joined as a phrase when there are several), so nothing typed can become a tsquery operator; only the
 * quote and the backslash need escaping.
 */
export function tsQueryOperand(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

function operand(text: string, prefix: boolean, field: SearchField | undefined): string {
  const label = `${prefix ? '*' : ''}${field ?? ''}`;
  return `${tsQueryOperand(text)}${label ? `:${label}` : ''}`;
}

function alternativesOf(term: SearchTerm, options: TsQueryOptions): string[] {
  if (term.kind === 'phrase') return [operand(term.text, false, options.field)];
  const variants = (options.variants?.get(term.text) ?? []).map((variant) => operand(variant, false, options.field));
  return [operand(term.text, term.prefix, options.field), ...variants];
}

/**
 * The `to_tsquery` text of a parsed search (passed as a parameter, never into SQL): every clause must match, a
 * clause by any of its terms or their variants; excluded terms must not. Undefined when the search has no words.
 */
export function toTsQuery(query: ParsedSearchQuery, options: TsQueryOptions = {}): string | undefined {
  const clauses = query.clauses.map(
    (clause) => `( ${clause.flatMap((term) => alternativesOf(term, options)).join(' | ')} )`,
  );
  const excluded = query.excluded.map((term) => `!${operand(term.text, false, options.field)}`);
  const parts = [...clauses, ...excluded];
  return parts.length > 0 ? parts.join(' & ') : undefined;
}
