import { Module } from '@nestjs/common';
import { ImageCleanupController } from './image-cleanup.controller';
import { UploadsController } from './uploads.controller';

/**
 * /api/upload/presigned-url and /api/memories/cleanup-images (global BusClient and access-token guard). The files
 * themselves (`/api/upload/files/*`, `/api/files/*`) are the upload service's own HTTP routes, not the gateway's.
 */
@Module({ controllers: [UploadsController, ImageCleanupController] })
export class UploadsGatewayModule {}
