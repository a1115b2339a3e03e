import { cleanText, type ImportIssue, type ImportedMemoryInput } from '@memories/contracts';
import { cleanStrings } from '@memories/nest-common';

/**
 * An imported memory as the API would keep it had the person typed it: whatever an archive's text holds that cannot
 * be stored or shown (NUL, other control characters, half of an emoji) is cleaned away, so the entry is imported
 * instead of refused: nothing a person wrote is lost for an invisible character.
 */
export function cleanImportedMemory(item: ImportedMemoryInput): ImportedMemoryInput {
  const memory = cleanStrings(item.memory) as ImportedMemoryInput['memory'];
  // A title that was nothing but such characters would leave the memory without one, which a save refuses (a locked
  // memory has none in the clear: its title is in its ciphertext).
  if (memory.title.trim() === '' && !memory.sealed) memory.title = `Memory of ${memory.date.slice(0, 10)}`;
  return { ...item, sourceKey: cleanText(item.sourceKey), memory };
}

/** A note of the report, which names entries and quotes their text, made storable. */
export function cleanIssue(issue: ImportIssue): ImportIssue {
  return { entry: cleanText(issue.entry), message: cleanText(issue.message) };
}
