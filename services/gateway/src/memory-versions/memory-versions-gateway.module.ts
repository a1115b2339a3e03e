import { Module } from '@nestjs/common';
import { MemoryVersionsController } from './memory-versions.controller';
import { MemoryVersionsService } from './memory-versions.service';

/**
 * /api/memories/memory/{id}/versions/*: a memory's version history (uses the global BusClient and access-token guard).
 */
@Module({ controllers: [MemoryVersionsController], providers: [MemoryVersionsService] })
export class MemoryVersionsGatewayModule {}
