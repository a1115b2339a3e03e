import type { MemoryVersion, MemoryVersionSummary, SealedMemory } from '@memories/contracts';
import type { VersionRecord, VersionSummaryRecord } from './memory-version.record';

/** The API shape of a version in the history list. */
export function toVersionSummary(record: VersionSummaryRecord): MemoryVersionSummary {
  const summary: MemoryVersionSummary = {
    id: record.id,
    savedAt: record.savedAt.toISOString(),
    replacedAt: record.replacedAt.toISOString(),
    replacedBy: record.replacedBy,
    title: record.title,
    isDraft: record.isDraft,
    wordCount: record.wordCount,
    // A sealed version's count is the 0 of its empty columns: a change of it would say nothing.
    wordCountDelta: record.sealed ? null : record.wordCountDelta,
  };
  // Left out of a plain version, so its answer is what it was before locked journals.
  if (record.sealed) summary.sealed = true;
  return summary;
}

/** A sealed version's ciphertext with its images' addresses, as `Memory.sealed` carries a locked memory's. */
export function sealedOf(record: VersionRecord): SealedMemory | undefined {
  return record.sealed === null ? undefined : { ciphertext: record.sealed, imageUrls: record.imageSources };
}

/** The API shape of one version: its content (HTML rendered when read) and the memory's current content. */
export function toVersion(record: VersionRecord, contentHtml: string): MemoryVersion {
  const { sealed: _flag, ...summary } = toVersionSummary({ ...record, sealed: record.sealed !== null });
  const version: MemoryVersion = {
    ...summary,
    memoryId: record.memoryId,
    date: record.date,
    contentJson: record.contentJson,
    contentHtml,
    contentText: record.contentText,
    tags: record.tags,
    thumbnailUrl: record.thumbnailUrl,
    current: record.current,
  };
  const sealed = sealedOf(record);
  if (sealed) version.sealed = sealed;
  return version;
}
