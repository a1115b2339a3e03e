import type { ServiceDescriptor } from '@memories/nest-common';
import { type AuthConfig, loadAuthConfig } from './config/auth.config';
import { AUTH_MIGRATIONS } from './database/auth.migrations';
import { AuthServiceModule, AUTH_SCHEMA } from './auth-service.module';

export const authServiceDescriptor: ServiceDescriptor<AuthConfig> = {
  name: 'auth',
  loadConfig: loadAuthConfig,
  createModule: (config) => AuthServiceModule.forRoot(config),
  database: { schema: AUTH_SCHEMA, migrations: AUTH_MIGRATIONS },
  // Its warnings (a replayed refresh token, a refused passkey) and the mail outbox's lines are written deep inside,
  // where no request is at hand; beside password hashing, a scope per message costs nothing here.
  scopeEveryMessage: true,
};
