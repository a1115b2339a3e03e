import type { MemoryVersion, MemoryVersionSummary } from '@memories/contracts';
import type { VersionRecord, VersionSummaryRecord } from './memory-version.record';

/** The API shape of a version in the history list. */
export function toVersionSummary(record: VersionSummaryRecord): MemoryVersionSummary {
  return {
    id: record.id,
    savedAt: record.savedAt.toISOString(),
    replacedAt: record.replacedAt.toISOString(),
    replacedBy: record.replacedBy,
    title: record.title,
    isDraft: record.isDraft,
    wordCount: record.wordCount,
    wordCountDelta: record.wordCountDelta,
  };
}

/** The API shape of one version: its content (HTML rendered when read) and the memory's current content. */
export function toVersion(record: VersionRecord, contentHtml: string): MemoryVersion {
  return {
    ...toVersionSummary(record),
    memoryId: record.memoryId,
    date: record.date,
    contentJson: record.contentJson,
    contentHtml,
    contentText: record.contentText,
    tags: record.tags,
    thumbnailUrl: record.thumbnailUrl,
    current: record.current,
  };
}
