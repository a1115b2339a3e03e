/**
 * How a memory felt, as its writer rated it: a whole number from 1 (awful) to 5 (great), or null for no mood. The
 * API refuses anything else (0, 6, 2.5, "4"); the database holds the same bounds (a CHECK on `memory.memories.mood`).
 */
export const MIN_MOOD = 1;
export const MAX_MOOD = 5;

export type MemoryMood = 1 | 2 | 3 | 4 | 5;

/** Every mood, lowest first. */
export const MEMORY_MOODS: readonly MemoryMood[] = [1, 2, 3, 4, 5];

/** True for a whole number from MIN_MOOD to MAX_MOOD (what `mood` may be besides null). */
export function isMemoryMood(value: unknown): value is MemoryMood {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_MOOD && value <= MAX_MOOD;
}

/** The answer when `mood` is none of those (the gateway's and the service's validation, and the import's). */
export const MOOD_VALIDATION_MESSAGE = `mood must be a whole number from ${MIN_MOOD} to ${MAX_MOOD}, or null`;
