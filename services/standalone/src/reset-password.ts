import { runResetLinkCommand } from '@memories/auth-service';
import { runMain } from '@memories/nest-common';
import { withInstanceDatabase } from './commands/instance-database';

/**
 * `npm run reset-password -- <email>`: a one-time reset link for an account of this instance, printed for its owner
 * (there is no e-mail without SMTP).
 */
runMain(async () => {
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const args = process.argv.slice(2);
  // A wrong command line is answered with the usage before any database is touched.
  process.exitCode =
    args.length === 1
      ? await withInstanceDatabase((env) => runResetLinkCommand(args, env, print))
      : await runResetLinkCommand(args, {}, print);
});
