import { CreateMemorySchema1732100000001 } from './migrations/1732100000001-create-memory-schema';

/** Every migration of the memory schema, oldest first. */
export const MEMORY_MIGRATIONS = [CreateMemorySchema1732100000001];
