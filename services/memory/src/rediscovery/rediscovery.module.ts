import { Module } from '@nestjs/common';
import { RediscoveryHandler } from './rediscovery.handler';
import { RediscoveryRepository } from './rediscovery.repository';
import { RediscoveryService } from './rediscovery.service';

/** Looking back: On This Day, the calendar, the timeline, the years, writing stats and "Surprise me". */
@Module({ controllers: [RediscoveryHandler], providers: [RediscoveryRepository, RediscoveryService] })
export class RediscoveryModule {}
