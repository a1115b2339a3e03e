/* eslint-disable no-control-regex -- removing control characters is the purpose of this pattern */
import type { ImportIssue, ImportedMemoryInput } from '@memories/contracts';

const UNSAFE_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text without invisible control characters (tabs and line breaks stay), each half of a surrogate pair as U+FFFD. */
export function cleanText(text: string): string {
  return text.replace(UNSAFE_CONTROL_CHARACTERS, '').replace(LONE_SURROGATES, '\ufffd');
}

/** Every string of a JSON value (object keys too) cleaned. */
function cleanStrings(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanStrings);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [cleanText(key), cleanStrings(child)]));
}

/**
 * An imported memory as the API would keep it had the person typed it: whatever an archive's text holds that cannot
 * be stored or shown (NUL, other control characters, half of an emoji) is cleaned away, so the entry is imported
 * instead of refused: nothing a person wrote is lost for an invisible character.
 */
export function cleanImportedMemory(item: ImportedMemoryInput): ImportedMemoryInput {
  const memory = cleanStrings(item.memory) as ImportedMemoryInput['memory'];
  // A title that was nothing but such characters would leave the memory without one, which a save refuses.
  if (memory.title.trim() === '') memory.title = `Memory of ${memory.date.slice(0, 10)}`;
  return { ...item, sourceKey: cleanText(item.sourceKey), memory };
}

/** A note of the report, which names entries and quotes their text, made storable. */
export function cleanIssue(issue: ImportIssue): ImportIssue {
  return { entry: cleanText(issue.entry), message: cleanText(issue.message) };
}
