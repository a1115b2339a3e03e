import { execFile } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';

const repositoryRoot = path.join(__dirname, '..', '..');

/**
 * `npm run backup` of the suite's own server (its DATA_DIR, its running PostgreSQL), read back whole: every table of
 * every service as its COPY text and every stored file, by their paths in the backup. The backup is removed after.
 */
export async function backUpSuiteInstance(): Promise<Map<string, Buffer>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repositoryRoot, 'services', 'standalone', 'dist', 'backup', 'backup.main.js')],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        EMBEDDED_POSTGRES_PORT: process.env.E2E_POSTGRES_PORT ?? '54339',
        LOG_LEVEL: 'error',
      },
    },
  );
  const backup = /^Backup complete in [\d.]+ s: (.+)$/m.exec(stdout)?.[1];
  if (!backup) throw new Error(`The backup did not say where it went:\n${stdout}`);
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(backup, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    files.set(path.relative(backup, file), file.endsWith('.gz') ? gunzipSync(bytes) : bytes);
  }
  await rm(backup, { recursive: true, force: true });
  return files;
}
