import { CreateMemorySchema1732100000001 } from './migrations/1732100000001-create-memory-schema';
import { CreateMemories1732200000000 } from './migrations/1732200000000-create-memories';
import { IndexTagsPerOwner1732300000000 } from './migrations/1732300000000-index-tags-per-owner';
import { CountMemoriesPerOwner1732400000000 } from './migrations/1732400000000-count-memories-per-owner';
import { AddMemoryVersion1733000000000 } from './migrations/1733000000000-add-memory-version';
import { KeepMemoryVersions1733200000000 } from './migrations/1733200000000-keep-memory-versions';
import { FollowAccountDeletions1733400000001 } from './migrations/1733400000001-follow-account-deletions';
import { SearchInAnyLanguage1733500000000 } from './migrations/1733500000000-search-in-any-language';
import { CountOwnerWords1733500000001 } from './migrations/1733500000001-count-owner-words';
import { CountMemoriesPerDay1733500000002 } from './migrations/1733500000002-count-memories-per-day';
import { CreatePromptsAndTemplates1733800000000 } from './migrations/1733800000000-create-prompts-and-templates';
import { AddMemoryMood1733900000000 } from './migrations/1733900000000-add-memory-mood';
import { KeepSearchVectorsInline1734000000000 } from './migrations/1734000000000-keep-search-vectors-inline';
import { AddJournals1734100000000 } from './migrations/1734100000000-add-journals';

/** Every migration of the memory schema, oldest first. */
export const MEMORY_MIGRATIONS = [
  CreateMemorySchema1732100000001,
  CreateMemories1732200000000,
  IndexTagsPerOwner1732300000000,
  CountMemoriesPerOwner1732400000000,
  AddMemoryVersion1733000000000,
  KeepMemoryVersions1733200000000,
  FollowAccountDeletions1733400000001,
  SearchInAnyLanguage1733500000000,
  CountOwnerWords1733500000001,
  CountMemoriesPerDay1733500000002,
  CreatePromptsAndTemplates1733800000000,
  AddMemoryMood1733900000000,
  KeepSearchVectorsInline1734000000000,
  AddJournals1734100000000,
];
