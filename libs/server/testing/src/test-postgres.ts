import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from 'pg';
import { stopChild } from './child-process.util';
import { startOnFreePort } from './free-port';

/**
 * The PostgreSQL server the integration suites of one run share, as the URL of its maintenance database: set by the
 * suites' Jest global setup (`shared-postgres.global-setup.ts`) or by `npm test` for all of them. Each suite gets a
 * database of its own on it.
 */
export const SHARED_TEST_POSTGRES_VARIABLE = 'MEMORIES_TEST_POSTGRES_URL';

export interface TestPostgres {
  /**
   * postgres://… URL of a new, empty database that belongs to this suite alone, as the cluster's superuser: tests make
   * databases and read any schema (the embedded mode's application role is proven in the standalone's own tests).
   */
  url: string;
  /** Another new, empty database on the same server (for a test that needs one of its own); `stop()` drops it too. */
  createDatabase(): Promise<string>;
  /** Drops the suite's databases (a server of its own: shuts the server down and deletes its data). */
  stop(): Promise<void>;
  /** Shuts the server down as an outage would, keeping its data and its port for `startServer()` (own server only). */
  stopServer(): Promise<void>;
  /** Starts the server again on the same port with the same data, after `stopServer()` (own server only). */
  startServer(): Promise<void>;
}

export interface TestPostgresOptions {
  /**
   * A server for this suite alone instead of a database on the shared one: for a suite that stops and starts
   * PostgreSQL (an outage), which would take every other suite's database down with it.
   */
  ownServer?: boolean;
}

/** A running test server: the URL of its maintenance database, and how to stop it for good. */
export interface TestPostgresServer {
  url: string;
  stop(): Promise<void>;
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

interface OwnServer extends TestPostgresServer {
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
}

/** A real PostgreSQL (embedded-postgres) in a fresh temporary directory on a free port of 127.0.0.1. */
async function startOwnServer(): Promise<OwnServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'memories-pg-'));
  // mkdtemp makes a 0700 folder: the manager itself lets the `postgres` user through it when run as root.
  const dataDir = path.join(root, 'postgres');
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
    // The cluster is made before the server binds its port, so a port taken meanwhile costs only a second start.
    const started = await startOnFreePort((port) => runServer(dataDir, port));
    server = started.child;
    return {
      url: started.url,
      stop,
      stopServer,
      startServer: async () => {
        if (server) throw new Error('PostgreSQL is already running');
        server = (await runServer(dataDir, started.port)).child;
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the server the suites of a run share (see SHARED_TEST_POSTGRES_VARIABLE). */
export function startSharedTestPostgresServer(): Promise<TestPostgresServer> {
  return startOwnServer();
}

async function onServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * New empty databases on a server, each a copy of `template0` (CREATE DATABASE copies a template's files, which is
 * far quicker than a server of its own: no initdb, no start, no shutdown), and their removal.
 */
function databasesOn(serverUrl: string) {
  const created: string[] = [];
  return {
    async create(): Promise<string> {
      const name = `suite_${randomBytes(6).toString('hex')}`;
      await onServer(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE template0`));
      created.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async dropAll(): Promise<void> {
      const names = created.splice(0);
      if (names.length === 0) return;
      // WITH (FORCE): a process the suite left behind must not keep its database (and the server) busy.
      await onServer(serverUrl, async (client) => {
        for (const name of names) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}

/**
 * A new, empty PostgreSQL database for one suite: on the run's shared server when there is one (see
 * SHARED_TEST_POSTGRES_VARIABLE), otherwise, or with `ownServer`, on a server of its own. Real PostgreSQL either way.
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const sharedUrl = process.env[SHARED_TEST_POSTGRES_VARIABLE];
  const own = options.ownServer || !sharedUrl ? await startOwnServer() : undefined;
  const databases = databasesOn(own?.url ?? (sharedUrl as string));
  const notOwn = () =>
    Promise.reject(new Error('Only a suite with a server of its own (ownServer) may stop and start PostgreSQL'));
  try {
    return {
      url: await databases.create(),
      createDatabase: () => databases.create(),
      stop: async () => {
        if (own) return own.stop();
        await databases.dropAll();
      },
      stopServer: own && options.ownServer ? own.stopServer : notOwn,
      startServer: own && options.ownServer ? own.startServer : notOwn,
    };
  } catch (error) {
    await own?.stop();
    throw error;
  }
}
