import { Module } from '@nestjs/common';
import { MemoriesController } from './memories.controller';
import { MemoriesService } from './memories.service';
import { UserDirectory } from './user-directory';

/** /api/memories/*: the memory endpoints of spec section 7 (uses the global BusClient and access-token guard). */
@Module({
  controllers: [MemoriesController],
  providers: [MemoriesService, UserDirectory],
})
export class MemoriesGatewayModule {}
