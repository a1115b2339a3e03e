/** Spec section 9: at most this many suggestions, and a blurred tag input adds its text after this delay. */
export const MAX_TAG_SUGGESTIONS = 5;
export const TAG_BLUR_ADD_DELAY_MS = 150;

/**
 * The tags after adding `raw` (spec section 5): trimmed, blank ignored, no duplicates. A comma separates tags, so a
 * pasted "sea, sun" adds both.
 */
export function addTags(tags: readonly string[], raw: string): string[] {
  const next = [...tags];
  for (const part of raw.split(',')) {
    const tag = part.trim();
    if (tag !== '' && !next.includes(tag)) next.push(tag);
  }
  return next;
}

/**
 * Existing tags containing the typed text, ignoring case, that are not chosen yet; at most five. Nothing for blank
 * input.
 */
export function suggestTags(existing: readonly string[], chosen: readonly string[], input: string): string[] {
  const needle = input.trim().toLowerCase();
  if (needle === '') return [];
  return existing
    .filter((tag) => tag.toLowerCase().includes(needle) && !chosen.includes(tag))
    .slice(0, MAX_TAG_SUGGESTIONS);
}
