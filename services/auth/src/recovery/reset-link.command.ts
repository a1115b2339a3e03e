import type { Environment } from '@memories/nest-common';
import { withAuthService } from '../owner-command-context';
import { RESET_LINK_TTL_MINUTES, RecoveryService } from './recovery.service';

/**
 * For the instance owner, without e-mail: a one-time reset link for an account. null when no account uses the
 * address.
 */
export function createResetLinkFor(email: string, env: Environment): Promise<string | null> {
  return withAuthService(env, (app) => app.get(RecoveryService).resetLinkFor(email));
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
