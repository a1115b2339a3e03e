import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Environment } from '@memories/nest-common';
import { AuthServiceModule } from './auth-service.module';
import { loadAuthConfig } from './config/auth.config';

/**
 * Runs an instance owner's command (a reset link, an admin role) with the service's own configuration (DATABASE_URL,
 * PUBLIC_URL, the signing key) and nothing on the bus, then closes everything it opened. The bus is the in-process
 * one whatever the environment says: a NATS client would keep trying to connect, and the process would never end.
 */
export async function withAuthService<T>(
  env: Environment,
  use: (app: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const config = loadAuthConfig({ ...env, BUS_TRANSPORT: 'in-process' });
  const context = await NestFactory.createApplicationContext(AuthServiceModule.forRoot(config), { logger: ['error'] });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}
