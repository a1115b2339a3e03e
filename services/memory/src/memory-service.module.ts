import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, ServiceCoreModule, busOptionsFrom, createAccountDeletionHandler } from '@memories/nest-common';
import { AccountDataRepository } from './accounts/account-data.repository';
import { MemoryAccountDeletionFollower } from './accounts/memory-account-deletion.follower';
import { OwnerCountsHandler } from './accounts/owner-counts.handler';
import type { MemoryConfig } from './config/memory.config';
import { MEMORY_MIGRATIONS } from './database/memory.migrations';
import { MemoryHealthHandler } from './health/memory-health.handler';
import { MemoryCoreModule } from './core/memory-core.module';
import { MemoryImagesModule } from './images/memory-images.module';
import { JournalsModule } from './journals/journals.module';
import { MemoryHandler } from './memories/memory.handler';
import { MemoryRepository } from './memories/memory.repository';
import { MemoryService } from './memories/memory.service';
import { PromptsModule } from './prompts/prompts.module';
import { RediscoveryModule } from './rediscovery/rediscovery.module';
import { MemorySearchModule } from './search/memory-search.module';
import { ShareHandler } from './shares/share.handler';
import { ShareRepository } from './shares/share.repository';
import { ShareService } from './shares/share.service';
import { MemoryTransferHandler } from './transfer/memory-transfer.handler';
import { MemoryTransferRepository } from './transfer/memory-transfer.repository';
import { MemoryTransferService } from './transfer/memory-transfer.service';
import { MemoryVersionHandler } from './versions/memory-version.handler';
import { MemoryVersionRepository } from './versions/memory-version.repository';
import { MemoryVersionService } from './versions/memory-version.service';

export const MEMORY_SCHEMA = 'memory';

/** The memory service: the same module runs as its own process or inside the standalone. */
@Module({})
export class MemoryServiceModule {
  static forRoot(config: MemoryConfig): DynamicModule {
    return {
      module: MemoryServiceModule,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'memory',
          config,
          database: { schema: MEMORY_SCHEMA, migrations: MEMORY_MIGRATIONS },
        }),
        MemoryCoreModule,
        MemoryImagesModule,
        JournalsModule,
        MemorySearchModule,
        RediscoveryModule,
        PromptsModule,
        // Asks the auth service for the record of deleted accounts.
        BusModule.forRoot(busOptionsFrom(config, 'memory-client')),
      ],
      controllers: [
        MemoryHealthHandler,
        MemoryHandler,
        ShareHandler,
        MemoryVersionHandler,
        MemoryTransferHandler,
        OwnerCountsHandler,
        createAccountDeletionHandler(MemoryAccountDeletionFollower),
      ],
      providers: [
        MemoryRepository,
        MemoryService,
        ShareRepository,
        ShareService,
        AccountDataRepository,
        MemoryAccountDeletionFollower,
        MemoryVersionRepository,
        MemoryVersionService,
        MemoryTransferRepository,
        MemoryTransferService,
      ],
    };
  }
}
