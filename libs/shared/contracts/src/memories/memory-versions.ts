import type { SubjectPattern } from '../bus/subjects';
import type { Memory } from './memory.types';
import type { PageRequest } from './memory-payloads';
import type { Pagination } from '../api/api-response';
import type { SealedMemory } from '../journals/locked-journal';

/**
 * What replaced a kept version: a deliberate save (Save Draft, Publish, an import), an auto-save, or a restore.
 * Auto-saves within 10 minutes collapse into one version; each memory keeps its newest 100 versions and all of the
 * last 30 days (the KeepMemoryVersions migration of the memory service holds these rules).
 */
export const MEMORY_CHANGE_KINDS = ['save', 'auto', 'restore'] as const;
export type MemoryChangeKind = (typeof MEMORY_CHANGE_KINDS)[number];

/** Request/reply subjects of a memory's version history (owner only; anyone else is told the memory does not exist). */
export const MEMORY_VERSION_SUBJECTS = {
  list: 'memory.versions.list',
  get: 'memory.versions.get',
  restore: 'memory.versions.restore',
} as const satisfies Record<string, SubjectPattern>;

export const MEMORY_VERSION_ERROR_CODES = {
  MEMORY_VERSION_NOT_FOUND: 'MEMORY_VERSION_NOT_FOUND',
} as const;

/** The server's message after a restore; the web client shows it. */
export const MEMORY_VERSION_MESSAGES = {
  restored: 'Version restored',
} as const;

/**
 * One kept version in the history list (no content: the list stays small). A version of a locked journal's memory has
 * an empty title and 0 words (the server cannot read it) and `sealed: true`: the browser shows its time and kind, and
 * opens its ciphertext only when one version is read (`MemoryVersion.sealed`).
 */
export interface MemoryVersionSummary {
  id: string;
  /** When this state was saved. */
  savedAt: string;
  /** When a later change replaced it. */
  replacedAt: string;
  replacedBy: MemoryChangeKind;
  title: string;
  isDraft: boolean;
  wordCount: number;
  /**
   * Words gained (or lost, negative) against the version kept before it; null for the oldest kept version and for a
   * sealed one (its words are not counted).
   */
  wordCountDelta: number | null;
  /** Present, and true, only for a version of a locked journal's memory. */
  sealed?: true;
}

/** The parts of a memory a version keeps and a comparison shows. */
export interface MemoryVersionContent {
  title: string;
  date: string;
  /** Plain text, one line per block: what the comparison highlights. */
  contentText: string;
  tags: string[];
  isDraft: boolean;
  thumbnailUrl: string;
  wordCount: number;
}

/**
 * One kept version in full, with the memory as it is now for the comparison. A sealed version carries its ciphertext
 * and empty plaintext fields; its `current` is the memory's plaintext columns, empty too but for the date and draft
 * flag: the browser compares with the memory it opened itself.
 */
export interface MemoryVersion extends Omit<MemoryVersionSummary, 'sealed'>, MemoryVersionContent {
  memoryId: string;
  contentJson: string;
  /** Rendered from contentJson when read, with the same sanitiser as the memory itself; empty for a sealed version. */
  contentHtml: string;
  current: MemoryVersionContent;
  /** Present only for a version of a locked journal's memory: what the browser sealed then, as on `Memory`. */
  sealed?: SealedMemory;
}

export interface MemoryVersionPayload {
  id: string;
  versionId: string;
}

export interface MemoryVersionListQuery {
  id: string;
  paging: PageRequest;
}

export interface MemoryVersionPage {
  items: MemoryVersionSummary[];
  pagination: Pagination;
}

/** What a restore answers: the memory as it now is, and the version that keeps what the restore replaced (its undo). */
export interface RestoredMemoryVersion {
  memory: Memory;
  /** Restore this one to undo the restore; null when the restore changed nothing. */
  undoVersionId: string | null;
}

export interface MemoryVersionBusRequestMap {
  [MEMORY_VERSION_SUBJECTS.list]: { payload: MemoryVersionListQuery; result: MemoryVersionPage };
  [MEMORY_VERSION_SUBJECTS.get]: { payload: MemoryVersionPayload; result: MemoryVersion };
  [MEMORY_VERSION_SUBJECTS.restore]: { payload: MemoryVersionPayload; result: RestoredMemoryVersion };
}
