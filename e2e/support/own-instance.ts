import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A Memories of its own for one suite, for journeys that change the whole instance (its sign-up mode). */
export interface OwnInstance {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

const repositoryRoot = path.resolve(__dirname, '..', '..');

/** A port nothing listens on now, on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the instance exited with code ${child.exitCode}`);
    if ((await fetch(`${url}/api/health`).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the instance at ${url} did not become healthy`);
}

/**
 * Starts the built `npm start` (services/standalone/dist/main.js) on free ports with a fresh data directory and the
 * given settings, as the suite's own web server does; its output goes to `standalone.log` in that directory.
 */
export async function startOwnInstance(env: Record<string, string>, timeoutMs = 120_000): Promise<OwnInstance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'memories-e2e-own-'));
  const [port, postgresPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(path.join(dataDir, 'standalone.log'));
  const child = spawn(process.execPath, [path.join(repositoryRoot, 'services', 'standalone', 'dist', 'main.js')], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    log.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, Date.now() + timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, stop };
}
