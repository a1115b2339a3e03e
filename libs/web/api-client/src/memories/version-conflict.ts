import { MEMORY_ERROR_CODES, currentMemoryOfConflict, type Memory } from '@memories/contracts';
import { ApiError } from '@memories/web-api-client/app-client';

/**
 * The memory as the server now has it, when a save was refused because it was based on an older `version`
 * (409 MEMORY_VERSION_CONFLICT); null for any other failure.
 */
export function versionConflictOf(failure: unknown): Memory | null {
  return failure instanceof ApiError && failure.code === MEMORY_ERROR_CODES.MEMORY_VERSION_CONFLICT
    ? currentMemoryOfConflict(failure.detail)
    : null;
}
