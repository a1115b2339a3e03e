import {
  MEMORY_PLAIN_FIELD_DEFAULTS,
  holdsPlainFields,
  plainFieldsOf,
  type Memory,
  type MemoryInput,
} from '@memories/contracts';

/**
 * Waiting to be sent; sent and refused because the memory changed elsewhere (the user must choose); refused for another
 * reason.
 */
export type PendingSaveState = 'pending' | 'conflict' | 'failed';

/**
 * One memory's unsent save: the latest content the user saved, and what it is based on. Several saves of one memory
 * collapse into one: the content is the last one, the base stays the one the first was based on.
 */
export interface PendingSave {
  /** The memory's server id, or for a memory created offline its local id (`offline-…`) until the create is sent. */
  memoryId: string;
  /** The order saves are sent in: the first save of the memory on this device, across collapses. */
  seq: number;
  kind: 'create' | 'update';
  /** Creates: the key generated once for the new memory, so a create sent again never makes a second memory. */
  idempotencyKey?: string;
  /** Creates: how many times the create was sent; after more than one, the answer may hold older text. */
  createAttempts: number;
  /** The latest content, without `version`. */
  input: MemoryInput;
  /** Updates: the version the first of the collapsed saves was based on. */
  baseVersion?: number;
  /** Updates: the memory as that version had it, to tell a publish or share elsewhere from a changed text. */
  base: Memory | null;
  /** Whether the latest save was an auto-save (kept as the update's `autoSave` flag). */
  autoSave: boolean;
  state: PendingSaveState;
  /** A conflict: the memory as the server now has it. */
  theirs?: Memory;
  /** A refused save: the server's message. */
  failure?: string;
  /**
   * One more with every collapse: a save sent while the user saved again is only done when nothing changed meanwhile.
   */
  revision: number;
  /** ISO time of the latest save on this device. */
  savedAt: string;
}

/** The prefix of the ids the device gives memories created offline (never sent to the server as an id). */
export const LOCAL_MEMORY_ID_PREFIX = 'offline-';

export const isLocalMemoryId = (id: string): boolean => id.startsWith(LOCAL_MEMORY_ID_PREFIX);

/** The local id of a memory created offline, derived from its create's idempotency key. */
export const localMemoryIdOf = (idempotencyKey: string): string => `${LOCAL_MEMORY_ID_PREFIX}${idempotencyKey}`;

const contentJsonText = (content: MemoryInput['contentJson']) =>
  typeof content === 'string' ? content : JSON.stringify(content);

/**
 * Whether the newer version changed anything the editor edits (title, date, tags, thumbnail, content, the plain
 * fields) since the version the save is based on. When it did not (it was only published or shared elsewhere), saving on top of it
 * loses nothing and needs no question.
 */
export function changedElsewhere(base: Memory, newer: Memory): boolean {
  return (
    base.title !== newer.title ||
    base.date !== newer.date ||
    base.thumbnailUrl !== newer.thumbnailUrl ||
    base.contentJson !== newer.contentJson ||
    base.tags.join('\u0000') !== newer.tags.join('\u0000') ||
    // A locked memory's text is all in its ciphertext: a new sealing is a change.
    base.sealed?.ciphertext !== newer.sealed?.ciphertext ||
    !holdsPlainFields(newer, base)
  );
}

/**
 * Whether the server already holds exactly what this save sends: an update whose answer was lost (a timeout after
 * it was stored) finds its own text as the "newer" version, which is no conflict.
 */
export function holdsSave(memory: Memory, input: MemoryInput): boolean {
  return (
    memory.title === input.title &&
    memory.date.slice(0, 10) === input.date.slice(0, 10) &&
    memory.contentJson === contentJsonText(input.contentJson) &&
    memory.thumbnailUrl === (input.thumbnailUrl ?? '') &&
    memory.isDraft === (input.isDraft ?? true) &&
    memory.tags.join('\u0000') === (input.tags ?? []).join('\u0000') &&
    memory.sealed?.ciphertext === input.sealed?.ciphertext &&
    holdsPlainFields(memory, input)
  );
}

/** The memory as the device now has it: the pending content over its base (or, for a new memory, on its own). */
export function memoryOfPendingSave(save: PendingSave, ownerId: string): Memory {
  const { input } = save;
  const base: Memory = save.base ?? {
    ...MEMORY_PLAIN_FIELD_DEFAULTS,
    id: save.memoryId,
    title: '',
    date: input.date,
    contentHtml: '',
    contentJson: '',
    tags: [],
    isDraft: true,
    thumbnailUrl: '',
    sharedWith: [],
    userEmail: '',
    ownerId,
    createdAt: save.savedAt,
    updatedAt: save.savedAt,
    viewCount: 0,
    likeCount: 0,
    commentCount: 0,
    wordCount: 0,
    readingTime: 0,
    version: 0,
    // Until the server answers, a new memory belongs to the journal it was written for (or the default, unknown here).
    journalId: input.journalId ?? '',
  };
  return {
    ...base,
    // Left out of the input (a save from before a field existed), a plain field keeps what the memory has.
    ...plainFieldsOf(input, base),
    id: save.memoryId,
    title: input.title,
    date: input.date.length === 10 ? `${input.date}T12:00:00.000Z` : input.date,
    contentJson: contentJsonText(input.contentJson),
    contentHtml: input.contentHtml ?? base.contentHtml,
    tags: [...(input.tags ?? [])],
    isDraft: input.isDraft ?? true,
    thumbnailUrl: input.thumbnailUrl ?? '',
    sharedWith: [...(input.sharedWith ?? base.sharedWith)],
    updatedAt: save.savedAt,
    version: save.baseVersion ?? base.version,
    journalId: input.journalId ?? base.journalId,
    ...(input.sealed ? { sealed: input.sealed } : {}),
  };
}
