import { Module, type Provider } from '@nestjs/common';
import { BusEventPublisher, EVENT_BUS_CLIENT, busOptionsFrom, createBusClient } from '@memories/nest-common';
import { JournalAccess } from '../access/journal-access';
import { MemoryAccess } from '../access/memory-access';
import { MemoryConfig } from '../config/memory.config';
import { memoryDbProvider } from '../database/memory-database';
import { DefaultJournals } from './default-journals.repository';
import { ImportedJournals } from './imported-journals.repository';
import { MemoryEvents } from './memory-events';
import { MemorySaver } from './memory-saver.service';
import { MemoryStore } from './memory-store.repository';

/** The service's own bus client for its events (what `eventPublisherProviders` gives a service module). */
const memoryEventsClient: Provider = {
  provide: EVENT_BUS_CLIENT,
  useFactory: (config: MemoryConfig) => createBusClient(busOptionsFrom(config, 'memory-events')),
  inject: [MemoryConfig],
};

/**
 * What every feature of the memory service builds on: the schema's query builder, who may do what (MemoryAccess,
 * JournalAccess), everyone's default journal, the one way a memory's content is written (MemorySaver, MemoryStore)
 * and the events that announce it (MemoryEvents). Features import this, never each other.
 */
@Module({
  providers: [
    memoryDbProvider,
    memoryEventsClient,
    BusEventPublisher,
    MemoryEvents,
    MemoryAccess,
    JournalAccess,
    DefaultJournals,
    ImportedJournals,
    MemoryStore,
    MemorySaver,
  ],
  exports: [
    memoryDbProvider,
    MemoryEvents,
    MemoryAccess,
    JournalAccess,
    DefaultJournals,
    ImportedJournals,
    MemoryStore,
    MemorySaver,
  ],
})
export class MemoryCoreModule {}
