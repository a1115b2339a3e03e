// `npm run reset-password -- <email>`: builds what it needs through Nx (cached), then prints a one-time password
// reset link for that account of the `npm start` instance (same DATA_DIR, PORT, PUBLIC_URL, DATABASE_URL...).
import path from 'node:path';
import { NX_BIN, REPO_ROOT, run } from './process-group';

async function main(): Promise<void> {
  const built = await run(NX_BIN, ['run', 'standalone:build', '--outputStyle=static'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built !== 0) {
    process.stderr.write(`The build failed (exit code ${built}): run "npx nx run standalone:build" to see why.\n`);
    process.exit(built);
  }
  process.exit(
    await run(process.execPath, [
      path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'reset-password.js'),
      ...process.argv.slice(2),
    ]),
  );
}

void main();
