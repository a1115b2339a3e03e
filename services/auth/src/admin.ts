import { runMain } from '@memories/nest-common';
import { runAdminCommand } from './admin/admin-role.command';

// `node dist/admin.js grant|revoke <email>` in the auth service's image with its DATABASE_URL (compose: `docker compose
// run --rm auth node dist/admin.js ...`, Kubernetes: a one-off Job or `kubectl exec deploy/auth -- ...`).
runMain(async () => {
  process.exitCode = await runAdminCommand(process.argv.slice(2), process.env, (line) =>
    process.stdout.write(`${line}\n`),
  );
});
