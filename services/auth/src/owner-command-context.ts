import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Environment } from '@memories/nest-common';
import { AuthServiceModule } from './auth-service.module';
import { loadAuthConfig } from './config/auth.config';

/**
 * Runs an instance owner's command (a reset link, an admin role) with the service's own configuration (DATABASE_URL,
 * PUBLIC_URL, the signing key) and nothing on the bus, then closes everything it opened.
 */
export async function withAuthService<T>(
  env: Environment,
  use: (app: INestApplicationContext) => Promise<T>,
): Promise<T> {
  const context = await NestFactory.createApplicationContext(AuthServiceModule.forRoot(loadAuthConfig(env)), {
    logger: ['error'],
  });
  try {
    return await use(context);
  } finally {
    await context.close();
  }
}
