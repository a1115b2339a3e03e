import { Transform } from 'class-transformer';
import { ValidationError } from 'class-validator';
import { ERROR_CODES, cleanText, findUnsafeCharacter, unsafeTextMessage } from '@memories/contracts';
import { DomainError } from '../errors/domain.error';

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Deeper than any value worth cleaning (an editor document may nest 64 levels): below it values stay as they are,
 * and the check of every string refuses what they hold, so a hostile nesting cannot exhaust the stack.
 */
const MAX_CLEANED_DEPTH = 200;

/** What `cleanText` does to one string, applied to every string (and object key) inside a value. */
export function cleanStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (depth >= MAX_CLEANED_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => cleanStrings(item, depth + 1));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [cleanText(key), cleanStrings(child, depth + 1)]),
  );
}

/**
 * Marks a field as text a person typed or pasted (a title, a name, a tag, the editor's document): its invisible
 * control characters are removed and its unpaired surrogates replaced (see `cleanText`) instead of the request
 * being refused. Every other string the API accepts is refused with 400 when it holds one (see docs/decisions.md).
 * Put it above any other @Transform of the field (class-transformer applies them top down), so that those see the
 * cleaned text.
 */
export function CleanText(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => cleanStrings(value));
}

const SAFE_TEXT_CONSTRAINT = 'safeText';

/**
 * Every string in the value (object keys included, at any depth) that holds a control character or an unpaired
 * surrogate, as one validation error per field named by its path (`tags.1`). Looks inside arrays and plain objects,
 * and inside class instances only when `instances` is set (DTOs; a framework object could be large). Walks without
 * recursion: a request may nest thousands of levels deep.
 */
export function unsafeTextErrors(value: unknown, root = '', { instances = true } = {}): ValidationError[] {
  const errors: ValidationError[] = [];
  const report = (path: string, text: string) => {
    const kind = findUnsafeCharacter(text);
    if (!kind) return;
    const error = new ValidationError();
    error.property = path || 'value';
    error.constraints = { [SAFE_TEXT_CONSTRAINT]: unsafeTextMessage(error.property, kind) };
    error.children = [];
    errors.push(error);
  };
  const pending: Array<[unknown, string]> = [[value, root]];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const [node, path] = pending.pop() as [unknown, string];
    if (typeof node === 'string') report(path, node);
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    const walked =
      Array.isArray(node) || isPlainObject(node) || (instances && !ArrayBuffer.isView(node) && !(node instanceof Date));
    if (!walked) continue;
    seen.add(node);
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      report(childPath, key);
      pending.push([child, childPath]);
    }
  }
  return errors.reverse();
}

/** Refuses (400, naming the field) a string the API reads outside a DTO, e.g. a cookie, by the same rule. */
export function requireSafeText(field: string, value: string): string {
  const kind = findUnsafeCharacter(value);
  if (kind) {
    const message = unsafeTextMessage(field, kind);
    throw new DomainError(ERROR_CODES.VALIDATION_FAILED, `Validation failed: ${message}`, [
      { field, messages: [message] },
    ]);
  }
  return value;
}
