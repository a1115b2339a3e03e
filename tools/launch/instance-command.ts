// `npm run reset-password -- <email>` and `npm run admin -- grant|revoke <email> | password-login on|off`: builds
// the standalone through Nx (cached), then runs the owner's command on the `npm start` instance (same DATA_DIR, PORT,
// PUBLIC_URL, DATABASE_URL...).
import path from 'node:path';
import { NX_BIN, REPO_ROOT, run } from './process-group';

const ENTRIES = { 'reset-password': 'reset-password.js', admin: 'admin.js' } as const;

async function main(): Promise<void> {
  const entry = ENTRIES[process.argv[2] as keyof typeof ENTRIES];
  const built = await run(NX_BIN, ['run', 'standalone:build', '--outputStyle=static'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built !== 0) {
    process.stderr.write(`The build failed (exit code ${built}): run "npx nx run standalone:build" to see why.\n`);
    process.exit(built);
  }
  process.exit(
    await run(process.execPath, [
      path.join(REPO_ROOT, 'services', 'standalone', 'dist', entry),
      ...process.argv.slice(3),
    ]),
  );
}

void main();
