import type { Memory } from '@memories/contracts';
import type { MemoryRecord } from './memory.record';

/** Set by the gateway for recipients only (it asks the auth service); never part of a stored memory. */
type StoredMemory = Omit<Memory, 'sharedBy'>;

/** Compiles only for an object with every field of `Memory` and no other: a record column `Memory` lacks never leaks. */
function exactlyMemory<T extends StoredMemory>(memory: T & Record<Exclude<keyof T, keyof StoredMemory>, never>) {
  return memory;
}

/**
 * The API shape of a memory (spec section 3): the record's fields less the image sources, the owner as `ownerId`,
 * times as ISO text. A column added to the memories table and a field added to `Memory` need nothing here.
 */
export function toMemory({
  userId,
  imageSources: _imageSources,
  createdAt,
  updatedAt,
  ...fields
}: MemoryRecord): Memory {
  return exactlyMemory({
    ...fields,
    ownerId: userId,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  });
}
