import { type DynamicModule, Module } from '@nestjs/common';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { MediaCookie } from '../auth/media-cookie';
import { RefreshCookie } from '../auth/refresh-cookie';
import { GatewayConfig } from '../config/gateway.config';
import { ProfileUpdater } from './profile-updater';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** /api/users (uses the global BusClient, access-token guard and throttler storage). */
@Module({})
export class UsersGatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: UsersGatewayModule,
      controllers: [UsersController],
      providers: [
        { provide: GatewayConfig, useValue: config },
        RefreshCookie,
        MediaCookie,
        UsersService,
        ProfileUpdater,
        AuthThrottlerGuard,
      ],
    };
  }
}
