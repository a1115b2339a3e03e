import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BusUser } from '@memories/contracts';
import { generateEs256KeyPair } from '@memories/nest-common';
import { getFreePort, runNodeScript, startNodeProcess, type NodeProcess } from '@memories/server-testing';

export const SYSTEM_PROCESSES = ['auth', 'memory', 'upload', 'notify', 'gateway'] as const;
export type SystemProcess = (typeof SYSTEM_PROCESSES)[number];

export interface MemoriesSystem {
  /** http://127.0.0.1:<port>/api of the gateway. */
  api: string;
  processes: Record<SystemProcess, NodeProcess>;
  /**
   * http://127.0.0.1:<port> of the upload service, which serves `/api/files/*`, `/api/export` and `/api/import` itself
   * (a proxy routes them there).
   */
  files: string;
  /** The public key of the auth service's access tokens (for another gateway on the same bus). */
  publicKey: string;
  /** Where the upload service keeps files (its local storage). */
  uploadsDir: string;
  /** Where the auth service writes its e-mails (no SMTP here). */
  mailOutbox: string;
  /** http://127.0.0.1:<port> of each process' own HTTP port (probes, /metrics). */
  urls: Record<SystemProcess, string>;
  /** Kills a process without warning (SIGKILL, as a crash) and starts it again on the same port and settings. */
  crashAndRestart(name: SystemProcess): Promise<void>;
  /** The processes that have exited (none, while the system is meant to be running). */
  exited(): SystemProcess[];
  /** Stops one process; `start` brings it back with the same settings and port. */
  stopProcess(name: SystemProcess): Promise<void>;
  startProcess(name: SystemProcess): Promise<void>;
  stop(): Promise<void>;
}

export interface MemoriesSystemOptions {
  natsUrl: string;
  databaseUrl: string;
  busTimeoutMs: number;
  /** The NATS user and password of each process (TestNatsServer.credentialsOf of a secured server). */
  credentialsOf?: (user: BusUser) => Record<string, string>;
  /** Settings added to one process' environment. */
  env?: Partial<Record<SystemProcess, Record<string, string>>>;
  /** The gateway's port, reserved by the caller (who needs the public URL before the system runs); free otherwise. */
  gatewayPort?: number;
}

const builtScript = (project: SystemProcess, script: 'main' | 'migrate') =>
  path.resolve(__dirname, '..', '..', '..', project, 'dist', `${script}.js`);

/** Probes answer before a service listens on the bus: ready means the gateway's health check reaches every service. */
async function waitUntilHealthy(
  api: string,
  processes: Record<SystemProcess, NodeProcess>,
  timeoutMs = 30000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(`${api}/health`).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const output = SYSTEM_PROCESSES.map((name) => `--- ${name}\n${processes[name].output()}`).join('\n');
  throw new Error(`the system did not become healthy within ${timeoutMs} ms:\n${output}`);
}

/**
 * The whole back end as it is deployed: the gateway and the four services, each its own process started from
 * its build (`nx run gateway:integration` builds them first), talking over the given nats-server and PostgreSQL.
 */
export async function startMemoriesSystem(options: MemoriesSystemOptions): Promise<MemoriesSystem> {
  const { privateKey, publicKey } = generateEs256KeyPair();
  const uploads = await mkdtemp(path.join(tmpdir(), 'memories-uploads-'));
  const mailOutbox = await mkdtemp(path.join(tmpdir(), 'memories-mail-outbox-'));
  const common = {
    HOST: '127.0.0.1',
    BUS_TRANSPORT: 'nats',
    NATS_URL: options.natsUrl,
    BUS_TIMEOUT_MS: String(options.busTimeoutMs),
    LOG_LEVEL: 'error',
  };
  const database = { ...common, DATABASE_URL: options.databaseUrl };
  const env: Record<SystemProcess, Record<string, string>> = {
    auth: { ...database, AUTH_JWT_PRIVATE_KEY: privateKey, MAIL_OUTBOX_DIR: mailOutbox },
    memory: database,
    upload: {
      ...database,
      AUTH_JWT_PUBLIC_KEY: publicKey,
      STORAGE_LOCAL_DIR: uploads,
      UPLOAD_SIGNING_SECRET: 'a'.repeat(32),
    },
    // Webhook receivers and push services of the tests listen on 127.0.0.1; retries a second apart.
    notify: {
      ...database,
      WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      WEBHOOK_UPDATE_QUIET_SECONDS: '1',
    },
    // No proxy in front, and a rate limit the steady load of one test client never reaches.
    gateway: { ...common, AUTH_JWT_PUBLIC_KEY: publicKey, TRUST_PROXY_HOPS: '0', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  };
  for (const name of SYSTEM_PROCESSES) Object.assign(env[name], options.credentialsOf?.(name), options.env?.[name]);
  // Each service migrates its own schema, so they can all migrate at once.
  await Promise.all(
    (['auth', 'memory', 'upload', 'notify'] as const).map((service) =>
      runNodeScript(builtScript(service, 'migrate'), env[service]),
    ),
  );

  const started: Partial<Record<SystemProcess, NodeProcess>> = {};
  const stop = async () => {
    await Promise.all(Object.values(started).map((child) => child.stop()));
    await rm(uploads, { recursive: true, force: true });
    await rm(mailOutbox, { recursive: true, force: true });
  };
  try {
    const ports = Object.fromEntries(
      await Promise.all(
        SYSTEM_PROCESSES.map(
          async (name) => [name, (name === 'gateway' && options.gatewayPort) || (await getFreePort())] as const,
        ),
      ),
    );
    // Settled, not all: when one fails, the others must have finished starting before they can be stopped.
    const startProcess = async (name: SystemProcess) => {
      const port = ports[name];
      started[name] = await startNodeProcess(
        builtScript(name, 'main'),
        { ...env[name], PORT: String(port) },
        `http://127.0.0.1:${port}/health/live`,
      );
    };
    const starts = await Promise.allSettled(SYSTEM_PROCESSES.map(startProcess));
    const failed = starts.find((start): start is PromiseRejectedResult => start.status === 'rejected');
    if (failed) throw failed.reason;
    const processes = started as Record<SystemProcess, NodeProcess>;
    const api = `http://127.0.0.1:${ports.gateway}/api`;
    await waitUntilHealthy(api, processes);
    return {
      api,
      processes,
      files: `http://127.0.0.1:${ports.upload}`,
      publicKey,
      uploadsDir: uploads,
      mailOutbox,
      urls: Object.fromEntries(SYSTEM_PROCESSES.map((name) => [name, `http://127.0.0.1:${ports[name]}`])) as Record<
        SystemProcess,
        string
      >,
      stopProcess: (name) => processes[name].stop(),
      startProcess,
      crashAndRestart: async (name) => {
        const exited = new Promise((resolve) => processes[name].child.once('exit', resolve));
        processes[name].child.kill('SIGKILL');
        await exited;
        await startProcess(name);
      },
      exited: () =>
        SYSTEM_PROCESSES.filter(
          (name) => processes[name].child.exitCode !== null || processes[name].child.signalCode !== null,
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
