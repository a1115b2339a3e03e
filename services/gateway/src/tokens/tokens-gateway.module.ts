import { Module } from '@nestjs/common';
import { TokensController } from './tokens.controller';

/** /api/tokens (uses the global BusClient, access-token guard and token verifier). */
@Module({ controllers: [TokensController] })
export class TokensGatewayModule {}
