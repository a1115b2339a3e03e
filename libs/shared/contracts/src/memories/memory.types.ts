import type { SealedMemory } from '../journals/locked-journal';
import type { MemoryMood } from './memory-mood';
import type { UserSummary } from './user-lookup.types';

// A field the server derives or checks against the content is added here twice, once to what the API answers and once to
// what a client writes. A field kept as its author gave it is added once, to MemoryPlainFields. Either then goes to the
// memory table (services/memory/src/database/memory.tables.ts); the server's mapping and writes follow from those.

/**
 * The fields a memory keeps exactly as its author gave them: derived from nothing and checked against nothing else,
 * each a text, number, boolean or null. Every one is part of `Memory` and, optional, of `MemoryInput` (left out, an
 * update keeps what the memory has). Named here, a field is carried by the editor's form and its mirror, the offline
 * outbox and our own export and import (memory-plain-fields.ts); it still needs its column, its validation and
 * documentation (libs/server/memory-dto, memory-plain-fields.dto.ts), its control in the editor and its place in the
 * viewer.
 */
export interface MemoryPlainFields {
  /** How it felt, 1 (awful) to 5 (great), or null for no mood (see memory-mood.ts). */
  mood: MemoryMood | null;
}

/** Each plain field's value in a memory that has none yet (a new memory, an older copy without it). */
export const MEMORY_PLAIN_FIELD_DEFAULTS: MemoryPlainFields = { mood: null };

/**
 * A memory as the API returns it (spec section 3, "Memory"): these fields, in every answer that carries
 * one. `contentJson` is the normalised editor document; `contentHtml`, `wordCount` and `readingTime` are derived
 * from it on the server.
 */
export interface Memory extends MemoryPlainFields {
  id: string;
  title: string;
  /** ISO date-time; a bare date sent by the client was stored with the time 12:00:00. */
  date: string;
  contentHtml: string;
  /** The serialised editor document (JSON text), as the editor sends it. */
  contentJson: string;
  tags: string[];
  isDraft: boolean;
  /** One of the memory's own image sources, or empty. */
  thumbnailUrl: string;
  sharedWith: string[];
  /** The owner's e-mail address. */
  userEmail: string;
  /** The owner's user id. */
  ownerId: string;
  /** Only in answers to a user the memory is shared with: the owner, as they may see them ("Shared by <name>"). */
  sharedBy?: UserSummary;
  createdAt: string;
  updatedAt: string;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  wordCount: number;
  /** Minutes. */
  readingTime: number;
  /**
   * The concurrency token: 1 when created, one more with every change (update, publish, share). A save that sends
   * it is refused with 409 when the memory has changed since (see memory-version.ts).
   */
  version: number;
  /** The journal the memory belongs to. */
  journalId: string;
  /**
   * Only for a memory of a locked journal: its title, content, tags and thumbnail, encrypted in the browser (the
   * plaintext fields are then empty).
   */
  sealed?: SealedMemory;
}

/**
 * Create and update body (spec section 7): `contentHtml` is accepted for compatibility and ignored. A memory of a
 * locked journal sends `sealed` instead, with title and contentJson empty and no tags or thumbnail.
 */
export interface MemoryInput extends Partial<MemoryPlainFields> {
  title: string;
  /** `yyyy-MM-dd` (stored at 12:00:00) or an ISO date-time. */
  date: string;
  contentJson: string | Record<string, unknown>;
  contentHtml?: string;
  tags?: string[];
  isDraft?: boolean;
  thumbnailUrl?: string;
  sharedWith?: string[];
  /**
   * The `version` of the memory this save is based on (updates only); left out, the save overwrites whatever is there.
   */
  version?: number;
  /** The journal it belongs to; left out, a create goes to the caller's default journal and an update stays put. */
  journalId?: string;
  /** A memory of a locked journal: its content, encrypted in the browser. */
  sealed?: SealedMemory;
}
