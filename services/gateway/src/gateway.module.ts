import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import {
  BusModule,
  HealthModule,
  busOptionsFrom,
  createValidationPipe,
  type InProcessBroker,
} from '@memories/nest-common';
import { AdminGatewayModule } from './admin/admin-gateway.module';
import { AuthGatewayModule } from './auth/auth-gateway.module';
import { TokenAccessModule } from './auth/token-access.module';
import type { GatewayConfig } from './config/gateway.config';
import { SystemHealthController } from './health/system-health.controller';
import { SystemHealthService } from './health/system-health.service';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { JournalsGatewayModule } from './journals/journals-gateway.module';
import { MemoriesGatewayModule } from './memories/memories-gateway.module';
import { RediscoveryGatewayModule } from './rediscovery/rediscovery-gateway.module';
import { MemoryVersionsGatewayModule } from './memory-versions/memory-versions-gateway.module';
import { UploadsGatewayModule } from './uploads/uploads-gateway.module';
import { TokensGatewayModule } from './tokens/tokens-gateway.module';
import { UsersGatewayModule } from './users/users-gateway.module';
import { WebhooksGatewayModule } from './webhooks/webhooks-gateway.module';
import { PromptsGatewayModule } from './prompts/prompts-gateway.module';
import { RemindersGatewayModule } from './reminders/reminders-gateway.module';

export interface GatewayModuleOptions {
  /** The in-process broker to use when BUS_TRANSPORT is in-process (the standalone passes its own). */
  broker?: InProcessBroker;
  /** Extra modules mounted under /api (feature modules; benchmarks and tests mount their own probes). */
  imports?: ModuleMetadata['imports'];
}

/**
 * The HTTP entry point of the API: validation, error envelope, correlation ids, the bus client, and authentication
 * (every route needs an access token unless it is @Public()).
 */
@Module({})
export class GatewayModule {
  static forRoot(config: GatewayConfig, options: GatewayModuleOptions = {}): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        BusModule.forRoot(busOptionsFrom(config, 'gateway', options.broker)),
        HealthModule.forRoot({}),
        TokenAccessModule,
        AuthGatewayModule.forRoot(config),
        MemoriesGatewayModule,
        JournalsGatewayModule,
        RediscoveryGatewayModule,
        MemoryVersionsGatewayModule,
        UploadsGatewayModule,
        UsersGatewayModule.forRoot(config),
        AdminGatewayModule,
        WebhooksGatewayModule,
        TokensGatewayModule,
        RemindersGatewayModule,
        PromptsGatewayModule,
        ...(options.imports ?? []),
      ],
      controllers: [SystemHealthController],
      providers: [
        { provide: config.constructor, useValue: config },
        SystemHealthService,
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
      ],
    };
  }
}
