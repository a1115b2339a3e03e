import type { Memory } from '@memories/contracts';
import { MEMORY_RECORD_FIELDS, type MemoryRecord } from './memory.record';

/** Set by the gateway for recipients only (it asks the auth service); never part of a stored memory. */
type StoredMemory = Omit<Memory, 'sharedBy'>;

/**
 * Record fields the API shape does not carry as they are: the owner is `ownerId`, times are ISO text, images stay, and
 * a locked memory's ciphertext comes with its images' addresses as `sealed`.
 */
const CHANGED_FIELDS = ['userId', 'imageSources', 'createdAt', 'updatedAt', 'sealed'] as const;
type CopiedField = Exclude<keyof MemoryRecord, (typeof CHANGED_FIELDS)[number]>;

/** Every other field of a record, by the table's definition, and `sharedWith`. */
const COPIED_FIELDS: CopiedField[] = [
  ...MEMORY_RECORD_FIELDS.filter(
    (name): name is Extract<CopiedField, typeof name> => !CHANGED_FIELDS.some((changed) => changed === name),
  ),
  'sharedWith',
];

/**
 * Every field of the API shape already in place (JSON.parse builds it with its properties in the object itself), so
 * filling a copy adds no property and keeps V8's fast layout. Built one keyed property at a time, a list page cost
 * nearly twice as much to serialise (measured).
 */
const MEMORY_SHAPE: Record<string, unknown> = JSON.parse(
  JSON.stringify(
    Object.fromEntries(['ownerId', 'createdAt', 'updatedAt', 'sealed', ...COPIED_FIELDS].map((field) => [field, null])),
  ),
);

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
/** `Memory` while the copied fields and the three set below are exactly `Memory`'s, else `never` (a compile error). */
type CheckedMemory =
  SameKeys<
    Pick<MemoryRecord, CopiedField> & Pick<StoredMemory, 'ownerId' | 'createdAt' | 'updatedAt' | 'sealed'>,
    StoredMemory
  > extends true
    ? Memory
    : never;

/**
 * The API shape of a memory (spec section 3): the record's fields less the image sources, the owner as `ownerId`,
 * times as ISO text. A column added to the memories table and the same field added to `Memory` need nothing here; a
 * column `Memory` lacks does not compile (it would leak). Copied field by field into a copy of MEMORY_SHAPE: object
 * rest and spread of a record gave objects V8 keeps in dictionary mode, and a list page cost ~10x more to map.
 */
export function toMemory(record: MemoryRecord): CheckedMemory {
  const memory = { ...MEMORY_SHAPE };
  memory.ownerId = record.userId;
  memory.createdAt = record.createdAt.toISOString();
  memory.updatedAt = record.updatedAt.toISOString();
  // Absent (left out of the JSON) on a plain memory, so its answer is what it was before locked journals.
  memory.sealed = record.sealed === null ? undefined : { ciphertext: record.sealed, imageUrls: record.imageSources };
  for (const field of COPIED_FIELDS) memory[field] = record[field];
  // Complete: the four fields above and COPIED_FIELDS, which CheckedMemory holds to exactly Memory's.
  return memory as StoredMemory;
}
