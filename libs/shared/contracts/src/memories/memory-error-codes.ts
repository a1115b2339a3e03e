/**
 * Error codes of the memory service. The gateway maps them by suffix (`_NOT_FOUND` → 404, `_INVALID` → 400).
 * A memory the caller may not see is MEMORY_NOT_FOUND too: existence is never revealed.
 */
export const MEMORY_ERROR_CODES = {
  MEMORY_NOT_FOUND: 'MEMORY_NOT_FOUND',
  MEMORY_CONTENT_INVALID: 'MEMORY_CONTENT_INVALID',
  MEMORY_THUMBNAIL_INVALID: 'MEMORY_THUMBNAIL_INVALID',
  MEMORY_DATE_INVALID: 'MEMORY_DATE_INVALID',
  MEMORY_SHARE_USERS_INVALID: 'MEMORY_SHARE_USERS_INVALID',
  MEMORY_OWNER_NOT_FOUND: 'MEMORY_OWNER_NOT_FOUND',
} as const;

export type MemoryErrorCode = (typeof MEMORY_ERROR_CODES)[keyof typeof MEMORY_ERROR_CODES];
