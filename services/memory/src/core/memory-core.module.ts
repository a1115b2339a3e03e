import { Module } from '@nestjs/common';
import { MemoryAccess } from '../access/memory-access';
import { memoryDbProvider } from '../database/memory-database';
import { MemorySaver } from './memory-saver.service';
import { MemoryStore } from './memory-store.repository';

/**
 * What every feature of the memory service builds on: the schema's query builder, who may do what (MemoryAccess), and
 * the one way a memory's content is written (MemorySaver, MemoryStore). Features import this, never each other.
 */
@Module({
  providers: [memoryDbProvider, MemoryAccess, MemoryStore, MemorySaver],
  exports: [memoryDbProvider, MemoryAccess, MemoryStore, MemorySaver],
})
export class MemoryCoreModule {}
