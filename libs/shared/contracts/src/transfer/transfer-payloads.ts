import type { JournalMemberRole } from '../journals/journal.types';
import type { JournalKeyEnvelope } from '../journals/locked-journal';
import type { Memory } from '../memories/memory.types';
import type { MemoryInput } from '../memories/memory.types';

/** Where an export page continues: after this memory in (createdAt, id) order. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/** `memory.memories.export`: the next page of the caller's own memories, oldest first. */
export interface ExportMemoriesPayload {
  after?: ExportCursor;
}

/** A page is bounded in count and in bytes, so it always fits one bus message; `next` is null after the last. */
export interface ExportMemoriesPage {
  memories: Memory[];
  next: ExportCursor | null;
}

/** Most memories one export page or one import page carries; both are bounded in bytes too. */
export const MAX_TRANSFER_PAGE_MEMORIES = 100;
/** Most bytes of memories one bus message carries (NATS allows 8 MB; the envelope needs some room). */
export const MAX_TRANSFER_PAGE_BYTES = 4 * 1024 * 1024;

/** Counters a memory had where it came from (our own export keeps them). */
export interface ImportedCounts {
  viewCount: number;
  likeCount: number;
  commentCount: number;
}

/** One memory of an import page: written exactly as a create from the editor, with the source's own dates. */
export interface ImportedMemoryInput {
  /**
   * `<format>:<id in the source>`: the same source entry always becomes the same memory, so a second import creates
   * nothing.
   */
  sourceKey: string;
  /** The memory's id in a Memories export: if the caller still owns that memory, it is this entry. */
  originalId?: string;
  memory: MemoryInput;
  /** ISO date-times from the source; the import's own time when absent. */
  createdAt?: string;
  updatedAt?: string;
  counts?: ImportedCounts;
  /** The `sourceKey` of its journal among the page's `journals`; absent: the importer's default journal. */
  journalKey?: string;
}

/**
 * A journal an import puts memories into: the importer's own journal of that name (and lock state) when there is
 * one, a new one otherwise. Members are added if they have an account here (the upload service looked them up).
 */
export interface ImportedJournal {
  /** `<format>:<journal in the source>` (a Day One file name, an exported journal's id). */
  sourceKey: string;
  name: string;
  color?: string;
  keyEnvelope?: JournalKeyEnvelope;
  members?: Array<{ userId: string; role: JournalMemberRole }>;
}

/** `memory.memories.import`: one page of an import job (the owner is the envelope's user). */
export interface ImportMemoriesPayload {
  ownerEmail: string;
  /** The journals this page's items name. */
  journals?: ImportedJournal[];
  items: ImportedMemoryInput[];
}

export type ImportedMemoryStatus = 'created' | 'existing' | 'failed';

export interface ImportedMemoryResult {
  sourceKey: string;
  status: ImportedMemoryStatus;
  /** The memory's id (created or existing). */
  id?: string;
  /** Why a failed entry was refused (the same words a save from the editor would get). */
  message?: string;
}

export interface ImportMemoriesResult {
  results: ImportedMemoryResult[];
}
