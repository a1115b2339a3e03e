import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AccountStatusReader, BusClient, accountStatusProviders } from '@memories/nest-common';
import { GatewayConfig } from '../config/gateway.config';
import { ProfileUpdater } from '../users/profile-updater';
import { AccessTokenVerifier } from './access-token.verifier';
import { AccountSessionsController } from './account-sessions.controller';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { BusThrottlerStorage } from './bus-throttler.storage';
import { AuthController } from './auth.controller';
import { ClientHeaderGuard } from './client-header.guard';
import { JwtAuthGuard } from './jwt-auth.guard';
import { MediaCookie } from './media-cookie';
import { PasskeysController } from './passkeys.controller';
import { RefreshCookie } from './refresh-cookie';
import { SessionAnswer } from './session-answer';
import { SignInBindingCookie } from './sign-in-binding-cookie';
import { SingleSignOnController } from './single-sign-on.controller';
import { SignUpController } from './sign-up.controller';
import { TwoFactorController } from './two-factor.controller';

/**
 * /api/auth, the global access-token guard, and the rate limit of the credential endpoints. Global: the account
 * status it keeps is the one the administration routes refresh after a change.
 */
@Module({})
export class AuthGatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AuthGatewayModule,
      global: true,
      imports: [
        // Counted in the auth service's PostgreSQL: one budget per client across every gateway replica.
        ThrottlerModule.forRootAsync({
          inject: [BusClient],
          useFactory: (bus: BusClient) => ({
            throttlers: [{ name: 'auth', ttl: 60_000, limit: config.AUTH_RATE_LIMIT_PER_MINUTE }],
            storage: new BusThrottlerStorage(bus),
          }),
        }),
      ],
      controllers: [
        AuthController,
        SignUpController,
        AccountSessionsController,
        TwoFactorController,
        PasskeysController,
        SingleSignOnController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        AccessTokenVerifier,
        RefreshCookie,
        SignInBindingCookie,
        SessionAnswer,
        MediaCookie,
        ProfileUpdater,
        ClientHeaderGuard,
        AuthThrottlerGuard,
        ...accountStatusProviders(config.ACCOUNT_STATUS_CACHE_SECONDS),
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
      exports: [AccountStatusReader],
    };
  }
}
