import { Module } from '@nestjs/common';
import { WebhooksController } from './webhooks.controller';

/** /api/webhooks (uses the global BusClient and access-token guard). */
@Module({ controllers: [WebhooksController] })
export class WebhooksGatewayModule {}
