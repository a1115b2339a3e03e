import { NestFactory } from '@nestjs/core';
import type { Environment } from '@memories/nest-common';
import { AuthServiceModule } from '../auth-service.module';
import { loadAuthConfig } from '../config/auth.config';
import { RESET_LINK_TTL_MINUTES, RecoveryService } from './recovery.service';

/**
 * For the instance owner, without e-mail: a one-time reset link for an account, made with the service's own
 * configuration (DATABASE_URL, PUBLIC_URL, the signing key) and nothing on the bus. null when no account uses the
 * address.
 */
export async function createResetLinkFor(email: string, env: Environment): Promise<string | null> {
  const context = await NestFactory.createApplicationContext(AuthServiceModule.forRoot(loadAuthConfig(env)), {
    logger: ['error'],
  });
  try {
    return await context.get(RecoveryService).resetLinkFor(email);
  } finally {
    await context.close();
  }
}

/** `reset-password <email>`: prints the link, or says why there is none (exit code 1). */
export async function runResetLinkCommand(
  args: string[],
  env: Environment,
  print: (line: string) => void,
): Promise<number> {
  const [email] = args;
  if (!email || args.length !== 1) {
    print('Usage: reset-password <email>   (prints a one-time password reset link for that account)');
    return 2;
  }
  const link = await createResetLinkFor(email, env);
  if (!link) {
    print(`No account uses the e-mail address ${email}.`);
    return 1;
  }
  print(
    `A one-time password reset link for ${email} (valid ${RESET_LINK_TTL_MINUTES} minutes, until it is used):\n${link}`,
  );
  return 0;
}
