import { ADMIN_MESSAGES, type UserRole } from '@memories/contracts';
import type { Environment } from '@memories/nest-common';
import { withAuthService } from '../owner-command-context';
import { InstanceAdminService, type RoleCommandOutcome } from './instance-admin.service';

const USAGE =
  'Usage: admin grant <email>    (makes that account an administrator, and enables it)\n' +
  '       admin revoke <email>   (makes it a member again; an instance keeps at least one administrator)';

const ROLE_OF: Record<string, UserRole> = { grant: 'admin', revoke: 'member' };

/**
 * `admin grant|revoke <email>`, for the instance owner (`npm run admin`, or `node dist/admin.js` in the auth
 * service's image): prints what changed, or why nothing did (exit code 1; 2 for a wrong command line). The gateway
 * notices within 30 seconds (the account status it keeps).
 */
export async function runAdminCommand(
  args: string[],
  env: Environment,
  print: (line: string) => void,
): Promise<number> {
  const [action, email] = args;
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
