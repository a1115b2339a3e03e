import type { MemoryChangeKind, MemoryVersionContent } from '@memories/contracts';

/** A kept version as the history list reads it (no content). */
export interface VersionSummaryRecord {
  id: string;
  savedAt: Date;
  replacedAt: Date;
  replacedBy: MemoryChangeKind;
  title: string;
  isDraft: boolean;
  wordCount: number;
  wordCountDelta: number | null;
}

/** A kept version in full, with the memory's current content beside it. */
export interface VersionRecord extends VersionSummaryRecord, MemoryVersionContent {
  memoryId: string;
  contentJson: string;
  current: MemoryVersionContent;
}
