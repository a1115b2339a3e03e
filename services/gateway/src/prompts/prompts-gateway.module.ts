import { Module } from '@nestjs/common';
import { PromptsController } from './prompts.controller';

/** /api/prompts and /api/templates (uses the global BusClient and access-token guard). */
@Module({ controllers: [PromptsController] })
export class PromptsGatewayModule {}
