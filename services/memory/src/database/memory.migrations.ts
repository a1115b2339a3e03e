import { CreateMemorySchema1732100000001 } from './migrations/1732100000001-create-memory-schema';
import { CreateMemories1732200000000 } from './migrations/1732200000000-create-memories';
import { IndexTagsPerOwner1732300000000 } from './migrations/1732300000000-index-tags-per-owner';
import { CountMemoriesPerOwner1732400000000 } from './migrations/1732400000000-count-memories-per-owner';
import { SearchInAnyLanguage1733100000000 } from './migrations/1733100000000-search-in-any-language';
import { CountOwnerWords1733100000001 } from './migrations/1733100000001-count-owner-words';
import { CountMemoriesPerDay1733100000002 } from './migrations/1733100000002-count-memories-per-day';

/** Every migration of the memory schema, oldest first. */
export const MEMORY_MIGRATIONS = [
  CreateMemorySchema1732100000001,
  CreateMemories1732200000000,
  IndexTagsPerOwner1732300000000,
  CountMemoriesPerOwner1732400000000,
  SearchInAnyLanguage1733100000000,
  CountOwnerWords1733100000001,
  CountMemoriesPerDay1733100000002,
];
