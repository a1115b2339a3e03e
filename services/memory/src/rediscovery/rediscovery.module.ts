import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { RediscoveryHandler } from './rediscovery.handler';
import { RediscoveryRepository } from './rediscovery.repository';
import { RediscoveryService } from './rediscovery.service';

/** Looking back: On This Day, the calendar, the timeline, the years, writing stats and "Surprise me". */
@Module({
  imports: [MemoryCoreModule],
  controllers: [RediscoveryHandler],
  providers: [RediscoveryRepository, RediscoveryService],
})
export class RediscoveryModule {}
