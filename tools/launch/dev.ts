// `npm run dev`: the services as separate processes over a local nats-server (when one is installed), with an
// embedded PostgreSQL in .data/postgres, and webpack dev servers with hot reload for the shell and every remote.
// Without nats-server the back end runs as the one standalone process instead, after a clear message.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { NX_BIN, REPO_ROOT, forwardSignals, launchEnv, prefixOutput, run, watchForOrphaning } from './process-group';

const SERVICES = [
  { name: 'auth', port: 3001 },
  { name: 'memory', port: 3002 },
  { name: 'upload', port: 3003 },
  { name: 'notify', port: 3004 },
] as const;
const FRONT_END = ['shell', 'landing', 'memories', 'editor', 'viewer', 'settings'];
const NATS_URL = 'nats://127.0.0.1:4222';
const DATA_DIR = path.join(REPO_ROOT, '.data');
const children: ChildProcess[] = [];

/** A person reads these processes' output: readable lines, unless LOG_FORMAT says otherwise. */
const LOG_FORMAT = process.env.LOG_FORMAT ?? 'pretty';

function start(name: string, command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { cwd: REPO_ROOT, env: launchEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  prefixOutput(child, name);
  children.push(child);
  return child;
}

function serviceMain(service: string, file: 'main.js' | 'migrate.js'): string {
  return path.join(REPO_ROOT, 'services', service, 'dist', file);
}

/** PostgreSQL in its own small process (the runner used by the integration tests), stopped when we exit. */
function startPostgres(): Promise<string> {
  const runner = path.join(REPO_ROOT, 'libs', 'server', 'testing', 'bin', 'embedded-postgres-runner.js');
  const child = start('postgres', process.execPath, [
    runner,
    path.join(DATA_DIR, 'postgres'),
    process.env.EMBEDDED_POSTGRES_PORT ?? '54329',
  ]);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) =>
      resolve((JSON.parse(line) as { url: string }).url),
    );
    child.once('exit', (code) => reject(new Error(`PostgreSQL did not start (exit code ${code})`)));
  });
}

/**
 * NATS as deployed: every part signs in as its own user with its permissions, here with passwords drawn for this run
 * (written only to the server's environment). The settings are the tests' (the 8 MB payload cap a memory at its
 * content cap needs) and the deployment's authorization.
 */
async function startNats(natsServer: string): Promise<Record<string, Record<string, string>>> {
  const { writeSecuredNatsSettings } = await import('@memories/server-testing');
  const settings = path.join(DATA_DIR, 'nats', 'nats-server.conf');
  await mkdir(path.dirname(settings), { recursive: true, mode: 0o700 });
  const { passwords, environment } = await writeSecuredNatsSettings(settings);
  start('nats', natsServer, ['-c', settings, '-a', '127.0.0.1', '-p', '4222'], environment);
  return Object.fromEntries(
    Object.entries(passwords).map(([user, password]) => [user, { NATS_URL, NATS_USER: user, NATS_PASSWORD: password }]),
  );
}

async function startDistributedBackEnd(natsServer: string): Promise<void> {
  const bus = await startNats(natsServer);
  const databaseUrl = await startPostgres();
  // One ES256 key pair for the dev session, generated once: auth signs with the private key, the gateway and the
  // upload service (files read with the media cookie) verify with the public one.
  const { loadOrCreateEs256KeyPair, loadOrCreateVapidKeyPair } = await import('@memories/nest-common');
  const keys = await loadOrCreateEs256KeyPair(path.join(DATA_DIR, 'keys'));
  // The Web Push keys of the dev session, kept beside the signing keys (the notify service signs reminders with them).
  const vapid = await loadOrCreateVapidKeyPair(path.join(DATA_DIR, 'keys'));
  const own: Record<(typeof SERVICES)[number]['name'], Record<string, string>> = {
    auth: {
      AUTH_JWT_PRIVATE_KEY: keys.privateKey,
      PUBLIC_URL: 'http://localhost:4200',
      MAIL_OUTBOX_DIR: path.join(DATA_DIR, 'mail-outbox'),
    },
    memory: {},
    upload: { AUTH_JWT_PUBLIC_KEY: keys.publicKey, STORAGE_LOCAL_DIR: path.join(DATA_DIR, 'uploads') },
    notify: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUBLIC_URL: 'http://localhost:4200',
      MAIL_OUTBOX_DIR: path.join(DATA_DIR, 'mail-outbox'),
    },
  };
  const environmentOf = (name: (typeof SERVICES)[number]['name'], port: number) => ({
    DATABASE_URL: databaseUrl,
    ...bus[name],
    PORT: String(port),
    LOG_FORMAT,
    ...own[name],
  });
  for (const { name, port } of SERVICES) {
    // `migrate` validates the service's whole configuration, as the service does.
    const migrated = await run(process.execPath, [serviceMain(name, 'migrate.js')], {
      env: launchEnv(environmentOf(name, port)),
    });
    if (migrated !== 0) throw new Error(`The ${name} migrations failed`);
  }
  for (const { name, port } of SERVICES) {
    // --watch: a rebuild of the service (`nx build <name>`) restarts it.
    start(name, process.execPath, ['--watch', serviceMain(name, 'main.js')], environmentOf(name, port));
  }
  start('gateway', process.execPath, ['--watch', serviceMain('gateway', 'main.js')], {
    ...bus.gateway,
    PORT: '3000',
    LOG_FORMAT,
    AUTH_JWT_PUBLIC_KEY: keys.publicKey,
  });
}

async function main(): Promise<void> {
  forwardSignals(() => children);
  watchForOrphaning(() => children.forEach((child) => child.kill('SIGTERM')));
  // Every back-end project (cached when unchanged): which mode runs is only known once server-testing is built.
  const built = await run(NX_BIN, [
    'run-many',
    '-t',
    'build',
    '-p',
    'standalone',
    'server-testing',
    '--outputStyle=static',
  ]);
  if (built !== 0) process.exit(built);
  const { findNatsServer, NATS_SERVER_INSTALL_COMMAND } = await import('@memories/server-testing');
  const natsServer = findNatsServer();

  if (natsServer) {
    await startDistributedBackEnd(natsServer);
  } else {
    process.stdout.write(
      `nats-server was not found on PATH, so the services cannot run as separate processes.\n` +
        `Install it with: ${NATS_SERVER_INSTALL_COMMAND}\n` +
        'Meanwhile the back end runs as one standalone process (in-process bus) on http://127.0.0.1:3000.\n',
    );
    start('standalone', process.execPath, [path.join(REPO_ROOT, 'services', 'standalone', 'dist', 'main.js')]);
  }
  start('web', NX_BIN, [
    'run-many',
    '-t',
    'serve',
    '-p',
    ...FRONT_END,
    `--parallel=${FRONT_END.length}`,
    '--outputStyle=stream',
  ]);
  process.stdout.write('Memories (dev): http://localhost:4200 (the shell proxies /api to the gateway on :3000)\n');

  // Stop everything once any part stops (or on Ctrl-C, forwarded above).
  await Promise.race(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null ? undefined : new Promise((r) => child.once('exit', r)),
    ),
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  children.forEach((child) => child.kill('SIGTERM'));
  process.exit(1);
});
