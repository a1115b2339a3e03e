import { v5 as uuidV5 } from 'uuid';

// Fixed for ever: changing it would give a retried create a new id, hence a second memory.
const IDEMPOTENT_CREATE_NAMESPACE = '6f1d3c52-5b8e-4f0e-9a57-3c2b7e0d9a41';

/**
 * The id of the memory a create with this Idempotency-Key makes: the same owner and key always give the same id,
 * so the primary key itself refuses a second insert (no table of keys to keep or expire), and two owners can use
 * the same key.
 */
export function idempotentMemoryId(ownerId: string, idempotencyKey: string): string {
  return uuidV5(`${ownerId}\n${idempotencyKey}`, IDEMPOTENT_CREATE_NAMESPACE);
}

/** True for PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '23505';
}
