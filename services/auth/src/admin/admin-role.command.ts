import { ADMIN_MESSAGES, type UserRole } from '@memories/contracts';
import type { Environment } from '@memories/nest-common';
import { withAuthService } from '../owner-command-context';
import { InstanceAdminService, type RoleCommandOutcome } from './instance-admin.service';
import { InstanceSettingsRepository } from './instance-settings.repository';

const USAGE =
  'Usage: admin grant <email>          (makes that account an administrator, and enables it)\n' +
  '       admin revoke <email>         (makes it a member again; an instance keeps at least one administrator)\n' +
  '       admin password-login on|off  (on: password sign-in works whatever PASSWORD_LOGIN says, to get back in\n' +
  '                                     when single sign-on fails; off: PASSWORD_LOGIN decides again)';

const ROLE_OF: Record<string, UserRole> = { grant: 'admin', revoke: 'member' };

/**
 * `admin grant|revoke <email>` and `admin password-login on|off`, for the instance owner (`npm run admin`, or `node dist/admin.js` in the auth
 * service's image): prints what changed, or why nothing did (exit code 1; 2 for a wrong command line). The gateway
 * notices within 30 seconds (the account status it keeps).
 */
export async function runAdminCommand(
  args: string[],
  env: Environment,
  print: (line: string) => void,
): Promise<number> {
  const [action, email] = args;
  if (action === 'password-login') return runPasswordLoginCommand(args[1], args.length, env, print);
  const role = ROLE_OF[action ?? ''];
  if (!role || !email || args.length !== 2) {
    print(USAGE);
    return 2;
  }
  const outcome = await withAuthService(env, (app) => app.get(InstanceAdminService).setRoleByEmail(email, role));
  const what = role === 'admin' ? 'an administrator' : 'a member';
  const lines: Record<RoleCommandOutcome, string> = {
    changed: `${email} is now ${what} of this instance.`,
    unchanged: `${email} is already ${what}; nothing changed.`,
    'not-found': `No account uses the e-mail address ${email}.`,
    'last-admin': `${email} stays an administrator. ${ADMIN_MESSAGES.lastAdmin}`,
  };
  print(lines[outcome]);
  return outcome === 'changed' || outcome === 'unchanged' ? 0 : 1;
}

async function runPasswordLoginCommand(
  choice: string | undefined,
  argumentCount: number,
  env: Environment,
  print: (line: string) => void,
): Promise<number> {
  if ((choice !== 'on' && choice !== 'off') || argumentCount !== 2) {
    print(USAGE);
    return 2;
  }
  await withAuthService(env, (app) => app.get(InstanceSettingsRepository).setPasswordLogin(choice === 'on' || null));
  print(
    choice === 'on'
      ? 'Password sign-in is on, whatever PASSWORD_LOGIN says. Turn it off again with: admin password-login off'
      : 'Password sign-in follows PASSWORD_LOGIN again.',
  );
  return 0;
}
