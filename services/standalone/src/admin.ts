import { runAdminCommand } from '@memories/auth-service';
import { runMain } from '@memories/nest-common';
import { withInstanceDatabase } from './commands/instance-database';

/** `npm run admin -- grant|revoke <email>` and `password-login on|off`: who administers this instance, and the break-glass. */
runMain(async () => {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const args = process.argv.slice(2);
  // A wrong command line is answered with the usage before any database is touched.
  process.exitCode =
    args.length === 2
      ? await withInstanceDatabase((env) => runAdminCommand(args, env, print))
      : await runAdminCommand(args, {}, print);
});
