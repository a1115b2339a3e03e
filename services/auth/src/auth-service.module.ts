import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@memories/nest-common';
import type { AuthConfig } from './config/auth.config';
import { AUTH_MIGRATIONS } from './database/auth.migrations';
import { AuthHealthHandler } from './health/auth-health.handler';

export const AUTH_SCHEMA = 'auth';

/** The auth service: the same module runs as its own process or inside the standalone. */
@Module({})
export class AuthServiceModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AuthServiceModule,
      imports: [ServiceCoreModule.forRoot({ name: 'auth', config, database: { schema: AUTH_SCHEMA, migrations: AUTH_MIGRATIONS } })],
      controllers: [AuthHealthHandler],
    };
  }
}
