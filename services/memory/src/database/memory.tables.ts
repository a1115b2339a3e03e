import type { JournalKeyEnvelope, JournalRole, MemoryChangeKind, MemoryMood } from '@memories/contracts';
import { column, type TableOf } from './table-column';

/**
 * Every table of the memory schema that the service reads or writes, defined once: the row type of every query, the
 * values of every write and (through Kysely's CamelCasePlugin, `userId` is `user_id`) the column names all follow from
 * here, and test/memory-tables.integration-spec.ts holds this against the schema the migrations build. The migrations
 * (TypeORM) stay the one way the schema changes; a column added there is added here, and the test says so if not.
 */
export const MEMORY_TABLES = {
  'memory.memories': {
    id: column.uuid().withDefault(),
    userId: column.text(),
    userEmail: column.text(),
    title: column.varchar(),
    date: column.timestamp(),
    contentJson: column.text(),
    contentHtml: column.text(),
    contentText: column.text(),
    tags: column.textArray().withDefault(),
    isDraft: column.boolean().withDefault(),
    thumbnailUrl: column.text().withDefault(),
    imageSources: column.textArray().withDefault(),
    wordCount: column.integer().withDefault(),
    readingTime: column.integer().withDefault(),
    viewCount: column.integer().withDefault(),
    likeCount: column.integer().withDefault(),
    commentCount: column.integer().withDefault(),
    createdAt: column.timestamptz().withDefault(),
    updatedAt: column.timestamptz().withDefault(),
    version: column.integer().withDefault(),
    /** 1 to 5 (a CHECK holds the bounds), or NULL for no mood. */
    mood: column.smallint<MemoryMood>().orNull(),
    /** Until when auto-saves fold into the newest kept version (the KeepMemoryVersions trigger's own column). */
    historyCollapseUntil: column.timestamptz().orNull(),
    searchVector: column.tsvector().orNull().generated(),
    /** NOT NULL once the AddJournals backfill has closed it (database/backfills/assign-default-journals.ts). */
    journalId: column.uuid(),
    /** A memory of a locked journal: its ciphertext (the plaintext columns are then empty). */
    sealed: column.text().orNull(),
  },
  'memory.memory_shares': {
    memoryId: column.uuid(),
    userId: column.text(),
    createdAt: column.timestamptz().withDefault(),
  },
  /** Written only by the KeepMemoryVersions trigger. */
  'memory.memory_versions': {
    id: column.uuid().withDefault(),
    memoryId: column.uuid(),
    title: column.varchar(),
    date: column.timestamp(),
    contentJson: column.text(),
    contentText: column.text(),
    tags: column.textArray(),
    isDraft: column.boolean(),
    thumbnailUrl: column.text(),
    imageSources: column.textArray(),
    wordCount: column.integer(),
    savedAt: column.timestamptz(),
    replacedAt: column.timestamptz().withDefault(),
    replacedBy: column.text<MemoryChangeKind>(),
    sealed: column.text().orNull(),
  },
  'memory.journals': {
    id: column.uuid().withDefault(),
    ownerId: column.text(),
    name: column.varchar(),
    color: column.varchar(),
    locked: column.boolean().withDefault(),
    keyEnvelope: column.json<JournalKeyEnvelope>().orNull(),
    createdAt: column.timestamptz().withDefault(),
    updatedAt: column.timestamptz().withDefault(),
  },
  /** Each person's journals: their own (`owner`) and those shared with them, in their order, with their default. */
  'memory.journal_members': {
    journalId: column.uuid(),
    userId: column.text(),
    role: column.text<JournalRole>(),
    position: column.integer().withDefault(),
    isDefault: column.boolean().withDefault(),
    joinedAt: column.timestamptz().withDefault(),
  },
  /** Kept by the AddJournals migration's triggers. */
  'memory.journal_counts': {
    journalId: column.uuid(),
    total: column.integer().withDefault(),
    drafts: column.integer().withDefault(),
  },
  /** The counters the CountMemoriesPerOwner, CountOwnerWords and CountMemoriesPerDay triggers keep. */
  'memory.owner_counts': {
    userId: column.text(),
    total: column.integer().withDefault(),
    drafts: column.integer().withDefault(),
  },
  'memory.owner_tag_counts': {
    userId: column.text(),
    tag: column.text(),
    total: column.integer().withDefault(),
    drafts: column.integer().withDefault(),
  },
  'memory.owner_words': {
    userId: column.text(),
    word: column.text(),
    stem: column.text().orNull(),
    memories: column.integer(),
  },
  'memory.owner_day_counts': {
    userId: column.text(),
    day: column.date(),
    memories: column.integer(),
    words: column.integer(),
  },
  /** A person's own writing prompts (the built-in ones live in the code). */
  'memory.prompts': {
    id: column.uuid(),
    userId: column.text(),
    text: column.varchar(),
    category: column.varchar().orNull(),
    createdAt: column.timestamptz().withDefault(),
  },
  /** The document a new memory starts with: one personal template per person (no journal). */
  'memory.templates': {
    id: column.uuid(),
    userId: column.text(),
    journalId: column.uuid().orNull(),
    contentJson: column.text(),
    updatedAt: column.timestamptz().withDefault(),
  },
};

type Tables = typeof MEMORY_TABLES;

/** The memory schema as Kysely sees it. */
export type MemoryTables = { [Name in keyof Tables]: TableOf<Tables[Name]> };
