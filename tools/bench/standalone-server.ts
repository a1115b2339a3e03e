// The built standalone server (what `npm start` runs) for benchmarks that drive it from a browser: started on
// 127.0.0.1 with its own ports and data directory, waited for, and stopped with its PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../launch/process-group';

export const STANDALONE_MAIN = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'main.js');
const READY_TIMEOUT_MS = 120_000;

export interface StandaloneServer {
  baseUrl: string;
  process: ChildProcess;
  /** The last 8,000 characters the server printed (for error messages). */
  output(): string;
}

export interface StandaloneOptions {
  port: string;
  postgresPort: string;
  dataDir: string;
  env?: Record<string, string>;
}

export function startStandalone({ port, postgresPort, dataDir, env = {} }: StandaloneOptions): StandaloneServer {
  if (!existsSync(STANDALONE_MAIN))
    throw new Error(`${STANDALONE_MAIN} is missing: build the standalone, the shell and the remotes first`);
  const child = spawn(process.execPath, [STANDALONE_MAIN], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: port,
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: postgresPort,
      ...env,
    },
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { baseUrl: `http://127.0.0.1:${port}`, process: child, output: () => output };
}

/** Resolves once `/api/health` answers; rejects when the server exits or is not up within 120 s. */
export async function waitForStandalone(server: StandaloneServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null)
      throw new Error(`The server exited with ${server.process.exitCode}:\n${server.output()}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${server.output()}`);
}

/** SIGTERM stops the gateway, the services and PostgreSQL; a server that hangs is killed after 30 s. */
export async function stopStandalone(server: StandaloneServer): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
