import { Module } from '@nestjs/common';
import { UploadsController } from './uploads.controller';

/** /api/upload/*: upload grants (uses the global BusClient and access-token guard). */
@Module({ controllers: [UploadsController] })
export class UploadsGatewayModule {}
