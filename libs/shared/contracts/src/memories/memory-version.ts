import type { Memory } from './memory.types';

/**
 * Optimistic concurrency for memory saves. Every memory carries `version` (1 when created, one more with every
 * update, publish and share). A save (`PUT /memories/memory/{id}`, bus `memory.memories.update`) that sends the
 * `version` it was based on succeeds only if the memory still has that version; otherwise it changes nothing and
 * answers 409 `MEMORY_VERSION_CONFLICT` with the memory as it now is in `error.detail.current`. The client then
 * decides (keep its text on top of `current.version`, or take `current`). A save without `version` overwrites, as
 * the spec's calls do.
 */
export interface MemoryVersionConflict {
  current: Memory;
}

export const MEMORY_VERSION_CONFLICT_MESSAGE = 'This memory was changed elsewhere since this version was loaded';

/** The memory as it now is, when `detail` is the detail of a MEMORY_VERSION_CONFLICT; otherwise null. */
export function currentMemoryOfConflict(detail: unknown): Memory | null {
  const current =
    typeof detail === 'object' && detail !== null ? (detail as Partial<MemoryVersionConflict>).current : undefined;
  return typeof current === 'object' &&
    current !== null &&
    typeof current.id === 'string' &&
    typeof current.version === 'number'
    ? current
    : null;
}
