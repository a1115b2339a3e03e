import { MEMORY_PLAIN_FIELD_DEFAULTS, type MemoryPlainFields } from './memory.types';

type PlainField = keyof MemoryPlainFields;

/** The plain fields' names (memory.types.ts). */
export const MEMORY_PLAIN_FIELDS = Object.keys(MEMORY_PLAIN_FIELD_DEFAULTS) as PlainField[];

/**
 * A plain field's value as the server stores it: text trimmed, and text of nothing but spaces is none (null). The
 * DTOs transform what they are sent with it; a client compares and sends with it.
 */
export function storedPlainValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The plain fields of `source`; each one it lacks (undefined) is taken from `fallback`. */
export function plainFieldsOf(
  source: Partial<MemoryPlainFields>,
  fallback: MemoryPlainFields = MEMORY_PLAIN_FIELD_DEFAULTS,
): MemoryPlainFields {
  const fields = {};
  for (const name of MEMORY_PLAIN_FIELDS)
    Object.assign(fields, { [name]: source[name] === undefined ? fallback[name] : source[name] });
  return fields as MemoryPlainFields;
}

/** The plain fields of `source` as the server will store them (what a client sends). */
export function storedPlainFields(source: MemoryPlainFields): MemoryPlainFields {
  const fields = {};
  for (const name of MEMORY_PLAIN_FIELDS) Object.assign(fields, { [name]: storedPlainValue(source[name]) });
  return fields as MemoryPlainFields;
}

/**
 * Whether `memory` holds the value of every plain field `given` has (one it leaves out counts as held), both as the
 * server stores them. A plain field is a single value, so `===` compares it.
 */
export function holdsPlainFields(memory: Partial<MemoryPlainFields>, given: Partial<MemoryPlainFields>): boolean {
  return MEMORY_PLAIN_FIELDS.every(
    (name) => given[name] === undefined || storedPlainValue(memory[name]) === storedPlainValue(given[name]),
  );
}
