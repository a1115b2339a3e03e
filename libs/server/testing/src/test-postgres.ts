import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stopChild } from './child-process.util';
import { getFreePort } from './free-port';

export interface TestPostgres {
  /**
   * postgres://… URL of the `memories` database, as the cluster's superuser: tests make databases and read any
   * schema (the embedded mode's application role is proven in the standalone's own tests).
   */
  url: string;
  /** Shuts the server down and deletes its data. */
  stop(): Promise<void>;
  /** Shuts the server down as an outage would, keeping its data and its port for `startServer()`. */
  stopServer(): Promise<void>;
  /** Starts the server again on the same port with the same data, after `stopServer()`. */
  startServer(): Promise<void>;
}

const RUNNER = path.resolve(__dirname, '..', 'bin', 'embedded-postgres-runner.js');

/** Runs the embedded PostgreSQL in a child process; resolves with the child and the URL it printed once ready. */
async function runServer(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [RUNNER, dataDir, String(port)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', (line) => resolve((JSON.parse(line) as { superuserUrl: string }).superuserUrl));
      child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with code ${code}: ${stderr}`)));
    });
    return { child, url };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Starts a real PostgreSQL (embedded-postgres) in a fresh temporary directory on a free port of 127.0.0.1.
 * `stop()` shuts it down and deletes the directory.
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const root = await mkdtemp(path.join(tmpdir(), 'memories-pg-'));
  // mkdtemp makes a 0700 folder: the manager itself lets the `postgres` user through it when run as root.
  const dataDir = path.join(root, 'postgres');
  const port = await getFreePort();
  let server: ChildProcess | undefined;
  const stopServer = async () => {
    if (server) await stopChild(server);
    server = undefined;
  };
  const stop = async () => {
    await stopServer();
    await rm(root, { recursive: true, force: true });
  };
  try {
    const started = await runServer(dataDir, port);
    server = started.child;
    return {
      url: started.url,
      stop,
      stopServer,
      startServer: async () => {
        if (server) throw new Error('PostgreSQL is already running');
        server = (await runServer(dataDir, port)).child;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
