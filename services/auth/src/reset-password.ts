import { runMain } from '@memories/nest-common';
import { runResetLinkCommand } from './recovery/reset-link.command';

// `node dist/reset-password.js <email>` in the auth service's container (compose: `docker compose exec auth ...`,
// Kubernetes: `kubectl exec deploy/auth -- ...`): a reset link for an account when no e-mail can be sent.
runMain(async () => {
  process.exitCode = await runResetLinkCommand(process.argv.slice(2), process.env, (line) =>
    process.stdout.write(`${line}\n`),
  );
});
