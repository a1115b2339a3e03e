import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { GatewayConfig } from '../config/gateway.config';
import { ProfileUpdater } from '../users/profile-updater';
import { AccessTokenVerifier } from './access-token.verifier';
import { AccountSessionsController } from './account-sessions.controller';
import { AuthThrottlerGuard } from './auth-throttler.guard';
import { AuthController } from './auth.controller';
import { ClientHeaderGuard } from './client-header.guard';
import { JwtAuthGuard } from './jwt-auth.guard';
import { MediaCookie } from './media-cookie';
import { PasskeysController } from './passkeys.controller';
import { RefreshCookie } from './refresh-cookie';
import { SessionAnswer } from './session-answer';
import { SignInBindingCookie } from './sign-in-binding-cookie';
import { SingleSignOnController } from './single-sign-on.controller';
import { TwoFactorController } from './two-factor.controller';

/** /api/auth, the global access-token guard, and the rate limit of the credential endpoints. */
@Module({})
export class AuthGatewayModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AuthGatewayModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'auth', ttl: 60_000, limit: config.AUTH_RATE_LIMIT_PER_MINUTE }],
        }),
      ],
      controllers: [
        AuthController,
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
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
    };
  }
}
