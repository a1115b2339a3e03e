import { Module } from '@nestjs/common';
import { JournalAccess } from '../access/journal-access';
import { MemoryAccess } from '../access/memory-access';
import { memoryDbProvider } from '../database/memory-database';
import { DefaultJournals } from './default-journals.repository';
import { ImportedJournals } from './imported-journals.repository';
import { MemorySaver } from './memory-saver.service';
import { MemoryStore } from './memory-store.repository';

/**
 * What every feature of the memory service builds on: the schema's query builder, who may do what (MemoryAccess,
 * JournalAccess), everyone's default journal, and the one way a memory's content is written (MemorySaver, MemoryStore). Features import this, never each other.
 */
@Module({
  providers: [
    memoryDbProvider,
    MemoryAccess,
    JournalAccess,
    DefaultJournals,
    ImportedJournals,
    MemoryStore,
    MemorySaver,
  ],
  exports: [memoryDbProvider, MemoryAccess, JournalAccess, DefaultJournals, ImportedJournals, MemoryStore, MemorySaver],
})
export class MemoryCoreModule {}
