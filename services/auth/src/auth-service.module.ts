import { type DynamicModule, Module } from '@nestjs/common';
import { BusEventPublisher, EVENT_BUS_CLIENT, ServiceCoreModule, busOptionsFrom, createBusClient } from '@memories/nest-common';
import { AccountDeletionService } from './accounts/account-deletion.service';
import { AccountHandler } from './accounts/account.handler';
import { DeletedAccountRepository } from './accounts/deleted-account.repository';
import { ActionTokenRepository } from './action-tokens/action-token.repository';
import { AuthHandler } from './auth/auth.handler';
import { AuthService } from './auth/auth.service';
import type { AuthConfig } from './config/auth.config';
import { AccessTokenSigner } from './crypto/access-token.signer';
import { Clock } from './crypto/clock';
import { PasswordHasher } from './crypto/password-hasher';
import { SecretTokenGenerator } from './crypto/secret-token.generator';
import { AUTH_MIGRATIONS } from './database/auth.migrations';
import { DirectoryHandler } from './directory/directory.handler';
import { DirectoryService } from './directory/directory.service';
import { AuthHealthHandler } from './health/auth-health.handler';
import { createMailPort } from './mail/create-mail-port';
import { MailPort } from './mail/mail.port';
import { RefreshTokenRepository } from './sessions/refresh-token.repository';
import { UserRepository } from './users/user.repository';

export const AUTH_SCHEMA = 'auth';

/** The auth service: the same module runs as its own process or inside the standalone. */
@Module({})
export class AuthServiceModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthServiceModule,
      imports: [ServiceCoreModule.forRoot({ name: 'auth', config, database: { schema: AUTH_SCHEMA, migrations: AUTH_MIGRATIONS } })],
      controllers: [AuthHealthHandler, AuthHandler, DirectoryHandler, AccountHandler],
      providers: [
        AuthService,
        UserRepository,
        RefreshTokenRepository,
        ActionTokenRepository,
        PasswordHasher,
        SecretTokenGenerator,
        AccessTokenSigner,
        Clock,
        { provide: MailPort, useFactory: () => createMailPort(config) },
        DirectoryService,
        DeletedAccountRepository,
        AccountDeletionService,
        { provide: EVENT_BUS_CLIENT, useFactory: () => createBusClient(busOptionsFrom(config, 'auth-events')) },
        BusEventPublisher,
      ],
    };
  }
}
