import { Module } from '@nestjs/common';
import { GenericMemoriesController } from './generic-memories.controller';
import { MemoriesController } from './memories.controller';
import { MemoriesService } from './memories.service';
import { MemorySharesController } from './memory-shares.controller';
import { MemorySharesService } from './memory-shares.service';
import { UserDirectory } from './user-directory';

/**
 * /api/memories/*: the memory endpoints of spec section 7 (with the generic ones) and taking shares back (uses the
 * global BusClient and access-token guard).
 */
@Module({
  controllers: [MemoriesController, MemorySharesController, GenericMemoriesController],
  providers: [MemoriesService, MemorySharesService, UserDirectory],
})
export class MemoriesGatewayModule {}
