// `npm run backup` and `npm run restore -- <backup>`: builds the standalone through Nx (cached: nothing changed,
// nothing rebuilt), then runs its backup or restore entry with the same environment as `npm start` (DATA_DIR...).
import path from 'node:path';
import { NX_BIN, REPO_ROOT, run } from './process-group';

const ENTRIES = { backup: 'backup.main.js', restore: 'restore.main.js' } as const;

async function main(): Promise<void> {
  const command = process.argv[2] as keyof typeof ENTRIES;
  const built = await run(NX_BIN, ['run', 'standalone:build', '--outputStyle=static'], {
    stdio: ['inherit', 'ignore', 'inherit'],
  });
  if (built !== 0) {
    process.stderr.write(
      `The build failed (exit code ${built}); nothing was ${command === 'backup' ? 'backed up' : 'restored'}.\n`,
    );
    process.exit(built);
  }
  const entry = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'backup', ENTRIES[command]);
  process.exit(await run(process.execPath, [entry, ...process.argv.slice(3)]));
}

void main();
