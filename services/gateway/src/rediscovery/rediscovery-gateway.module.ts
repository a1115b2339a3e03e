import { Module } from '@nestjs/common';
import { RediscoveryController } from './rediscovery.controller';
import { RediscoveryService } from './rediscovery.service';

/**
 * /api/memories/{on-this-day,calendar,timeline,years,stats,random} (uses the global BusClient and access-token guard).
 */
@Module({ controllers: [RediscoveryController], providers: [RediscoveryService] })
export class RediscoveryGatewayModule {}
