import { sql, type RawBuilder } from 'kysely';

/**
 * One reason a caller may act on a memory, as SQL over the memory row `m`: every check of one memory (MemoryAccess)
 * and every query over many (images, lists) uses these same expressions, so the two cannot disagree.
 */
export type Grant = (callerId: string) => RawBuilder<boolean>;

/** The caller wrote the memory. */
export const authorGrant: Grant = (callerId) => sql<boolean>`m.user_id = ${callerId}`;

/** The author shared the memory with the caller. */
export const shareGrant: Grant = (callerId) =>
  sql<boolean>`EXISTS (SELECT 1 FROM memory.memory_shares s WHERE s.memory_id = m.id AND s.user_id = ${callerId})`;

/**
 * What a caller may do with a memory: `read` it (see it, its images), `write` it (change its content, restore a kept
 * version, publish, delete). A new way in (e.g. journal membership) is one more grant in these lists.
 */
export const MEMORY_GRANTS = {
  read: [authorGrant, shareGrant],
  write: [authorGrant],
} satisfies Record<string, Grant[]>;

export type MemoryPermission = keyof typeof MEMORY_GRANTS;

/** The SQL form of a permission: true when any of its grants holds for the caller on `m`. */
export function permits(permission: MemoryPermission, callerId: string): RawBuilder<boolean> {
  const grants = MEMORY_GRANTS[permission].map((grant) => grant(callerId));
  return sql<boolean>`(${sql.join(grants, sql` OR `)})`;
}
