import type { Memory } from '@memories/contracts';
import type { MemoryRecord } from './memory.record';

/** The API shape of a memory (spec section 3): exactly these fields, never the row. */
export function toMemory(record: MemoryRecord): Memory {
  return {
    id: record.id,
    title: record.title,
    date: record.date,
    contentHtml: record.contentHtml,
    contentJson: record.contentJson,
    tags: record.tags,
    isDraft: record.isDraft,
    thumbnailUrl: record.thumbnailUrl,
    sharedWith: record.sharedWith,
    userEmail: record.userEmail,
    ownerId: record.userId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    viewCount: record.viewCount,
    likeCount: record.likeCount,
    commentCount: record.commentCount,
    wordCount: record.wordCount,
    readingTime: record.readingTime,
    version: record.version,
  };
}
