import type { MemoryChangeKind, MemoryVersionContent } from '@memories/contracts';

/** A kept version as the history list reads it (no content, and of a sealed one not its ciphertext either). */
export interface VersionSummaryRecord {
  id: string;
  savedAt: Date;
  replacedAt: Date;
  replacedBy: MemoryChangeKind;
  title: string;
  isDraft: boolean;
  wordCount: number;
  wordCountDelta: number | null;
  /** A version of a locked journal's memory. */
  sealed: boolean;
}

/** A kept version in full, with the memory's current content beside it. */
export interface VersionRecord extends Omit<VersionSummaryRecord, 'sealed'>, MemoryVersionContent {
  memoryId: string;
  contentJson: string;
  /** The images it used: of a sealed version, the addresses that go with its ciphertext. */
  imageSources: string[];
  /** A locked journal's memory kept its ciphertext (its plaintext columns are empty); null for a plain version. */
  sealed: string | null;
  current: MemoryVersionContent;
}
