// The built standalone server (what `npm start` runs) for benchmarks and browser suites that need an instance of their
// own: started on 127.0.0.1 with its own ports and data directory, waited for, and stopped with its PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from '../child-process.util';
import { waitUntilReady } from '../ready-url';

// src/standalone or dist/standalone of libs/server/testing: the same depth below the repository.
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const STANDALONE_MAIN = path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'main.js');
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

/** Resolves once `/api/health` answers; rejects when the server exits or is not up in time (120 s by default). */
export function waitForStandalone(server: StandaloneServer, timeoutMs = READY_TIMEOUT_MS): Promise<void> {
  return waitUntilReady(server.process, `${server.baseUrl}/api/health`, {
    name: STANDALONE_MAIN,
    timeoutMs,
    output: server.output,
  });
}

/** SIGTERM stops the gateway, the services and PostgreSQL; a server that hangs is killed after 30 s. */
export function stopStandalone(server: StandaloneServer): Promise<void> {
  return stopChild(server.process, 'SIGTERM', 30_000);
}
