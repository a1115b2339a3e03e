import type { ServiceDescriptor } from '@memories/nest-common';
import { type MemoryConfig, loadMemoryConfig } from './config/memory.config';
import { assignDefaultJournals } from './database/backfills/assign-default-journals';
import { MEMORY_MIGRATIONS } from './database/memory.migrations';
import { MemoryServiceModule, MEMORY_SCHEMA } from './memory-service.module';

export const memoryServiceDescriptor: ServiceDescriptor<MemoryConfig> = {
  name: 'memory',
  loadConfig: loadMemoryConfig,
  createModule: (config) => MemoryServiceModule.forRoot(config),
  database: { schema: MEMORY_SCHEMA, migrations: MEMORY_MIGRATIONS, afterMigrations: assignDefaultJournals },
};
