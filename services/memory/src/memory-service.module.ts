import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule, busOptionsFrom, createBusClient } from '@memories/nest-common';
import type { MemoryConfig } from './config/memory.config';
import { MEMORY_MIGRATIONS } from './database/memory.migrations';
import { MemoryHealthHandler } from './health/memory-health.handler';
import { MemoryImagesModule } from './images/memory-images.module';
import { MEMORY_EVENTS_CLIENT, MemoryEventsPublisher } from './memories/memory-events.publisher';
import { MemoryHandler } from './memories/memory.handler';
import { MemoryRepository } from './memories/memory.repository';
import { MemoryService } from './memories/memory.service';
import { RediscoveryModule } from './rediscovery/rediscovery.module';
import { MemorySearchModule } from './search/memory-search.module';

export const MEMORY_SCHEMA = 'memory';

/** The memory service: the same module runs as its own process or inside the standalone. */
@Module({})
export class MemoryServiceModule {
  static forRoot(config: MemoryConfig): DynamicModule {
    return {
      module: MemoryServiceModule,
      imports: [
        ServiceCoreModule.forRoot({ name: 'memory', config, database: { schema: MEMORY_SCHEMA, migrations: MEMORY_MIGRATIONS } }),
        MemoryImagesModule,
        MemorySearchModule,
        RediscoveryModule,
      ],
      controllers: [MemoryHealthHandler, MemoryHandler],
      providers: [
        { provide: MEMORY_EVENTS_CLIENT, useFactory: () => createBusClient(busOptionsFrom(config, 'memory-events')) },
        MemoryEventsPublisher,
        MemoryRepository,
        MemoryService,
      ],
    };
  }
}
