export { MemoryServiceModule, MEMORY_SCHEMA } from './memory-service.module';
export { MemoryConfig, loadMemoryConfig } from './config/memory.config';
export { MEMORY_MIGRATIONS } from './database/memory.migrations';
export { memoryServiceDescriptor } from './memory.service-descriptor';
