import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import {
  SUPERUSER,
  embeddedPostgresUrl,
  newCredentials,
  readCredentials,
  settleCredentials,
  writeCredentials,
  type EmbeddedCredentials,
} from './embedded-postgres.credentials';
import { connectAsSuperuser, ensureAppRole, handOverSchemas } from './embedded-postgres.roles';
import { loadEmbeddedPostgres, type EmbeddedPostgres } from './load-embedded-postgres';
import { isPortInUse, isProcessAlive, processName, waitForExit } from './process.util';

export interface EmbeddedPostgresManagerOptions {
  /** Where the cluster lives (e.g. DATA_DIR/postgres); created and initialised on first start. */
  dataDir: string;
  port: number;
  /** The application database, created when missing. */
  database: string;
  /** Progress messages for a person (the first initialisation). */
  log?: (message: string) => void;
  /** What it put right that an earlier run left behind (a stale server, a lock file); `log` when not given. */
  warn?: (message: string) => void;
  /** Server settings (`-c name=value`) beyond the listening address, e.g. for test servers. */
  settings?: Record<string, string>;
}

/** The port of the PostgreSQL server running on the cluster in `dataDir`, if one is (read from its postmaster.pid). */
export async function runningPostgresPort(dataDir: string): Promise<number | undefined> {
  const lines = (await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (
    !Number.isInteger(pid) ||
    !Number.isInteger(port) ||
    !isProcessAlive(pid) ||
    (await processName(pid)) !== 'postgres'
  )
    return undefined;
  return port;
}

/**
 * Runs a real PostgreSQL from the `embedded-postgres` package: initialises the cluster on first use, recovers
 * from a server left running by a killed process, creates the database, and stops the server on `stop()`.
 *
 * The server listens on 127.0.0.1 only, and other local users are kept out by passwords drawn at random on first
 * start into the cluster's folder (readable by its owner only; see embedded-postgres.credentials). The application
 * connects as a role that owns its schemas and is no superuser.
 */
export class EmbeddedPostgresManager {
  private postgres: EmbeddedPostgres | undefined;
  private readonly ownerFile: string;
  private readonly serverLog: string[] = [];

  constructor(private readonly options: EmbeddedPostgresManagerOptions) {
    this.ownerFile = `${path.resolve(options.dataDir)}.owner.pid`;
  }

  /** The application's URL; the cluster must have been started once. */
  get url(): string {
    return embeddedPostgresUrl(this.options.dataDir, this.options.port, this.options.database);
  }

  /** The superuser's URL, for tests and tools that need more than the application may do. */
  get superuserUrl(): string {
    const credentials = readCredentials(this.options.dataDir);
    if (!credentials) throw new Error(`The embedded PostgreSQL in ${this.options.dataDir} was never started.`);
    return `postgres://${SUPERUSER}:${encodeURIComponent(credentials.superuserPassword)}@127.0.0.1:${this.options.port}/${this.options.database}`;
  }

  async start(): Promise<string> {
    const dataDir = path.resolve(this.options.dataDir);
    await mkdir(path.dirname(dataDir), { recursive: true });
    const runsAsRoot = userInfo().uid === 0;
    if (runsAsRoot) await this.letPostgresUserReach(dataDir);
    await this.claimDataDir();
    await this.recoverStaleServer(dataDir);
    if (await isPortInUse(this.options.port)) {
      throw new Error(
        `Port ${this.options.port} is already in use by another program, so the embedded PostgreSQL cannot start. ` +
          'Set EMBEDDED_POSTGRES_PORT to a free port, or DATABASE_URL to use an existing PostgreSQL.',
      );
    }
    const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
    // A cluster an earlier release made has no credentials yet: they are drawn (and written) before it is opened.
    const credentials = (initialised && readCredentials(dataDir)) || newCredentials(!initialised);
    if (!initialised) await this.removeUnfinishedCluster(dataDir);
    await writeCredentials(dataDir, credentials);
    const EmbeddedPostgresClass = loadEmbeddedPostgres();
    this.postgres = new EmbeddedPostgresClass({
      databaseDir: dataDir,
      port: this.options.port,
      user: SUPERUSER,
      password: credentials.superuserPassword,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user it creates.
      createPostgresUser: runsAsRoot,
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        ...Object.entries(this.options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      onLog: (message: unknown) => this.remember(String(message)),
      onError: (message: unknown) => this.remember(String(message)),
    });
    if (!initialised) {
      this.options.log?.(`Initialising a new PostgreSQL cluster in ${dataDir} (first start only)`);
      await initialiseWithPrivateFiles(this.postgres, runsAsRoot);
      await settleCredentials(dataDir);
    }
    try {
      await this.postgres.start();
    } catch (error) {
      // embedded-postgres rejects with `undefined` when the server exits early: say what the server said.
      throw new Error(
        `The embedded PostgreSQL did not start${error ? `: ${String(error)}` : ''}. Its last messages:\n${this.serverLog.slice(-15).join('')}`,
      );
    }
    await this.prepareDatabase(credentials);
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.postgres?.process;
    // Ctrl-C in a terminal signals the whole process group, PostgreSQL included: it may already have stopped,
    // and embedded-postgres' stop() would then wait forever for an exit event that has already happened.
    if (server && server.exitCode === null && server.signalCode === null) await this.postgres?.stop();
    this.postgres = undefined;
    await unlink(this.ownerFile).catch(() => undefined);
  }

  /**
   * As root, PostgreSQL runs as the `postgres` user, which must be able to pass through every folder above its
   * cluster. The folder that holds the cluster is ours (DATA_DIR), so it gets the traverse bit (not read: uploads
   * live there too); any other folder in the way is the user's to change, so say which one.
   */
  private async letPostgresUserReach(dataDir: string): Promise<void> {
    const holder = path.dirname(dataDir);
    const { mode } = await stat(holder);
    if ((mode & 0o001) === 0) await chmod(holder, (mode & 0o7777) | 0o001);
    for (let folder = path.dirname(holder); folder !== path.dirname(folder); folder = path.dirname(folder)) {
      if (((await stat(folder)).mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user when started as root, and that user cannot enter ${folder}. ` +
            `Allow it (chmod o+x ${folder}) or choose a DATA_DIR elsewhere.`,
        );
      }
    }
  }

  private remember(message: string): void {
    this.serverLog.push(message.endsWith('\n') ? message : `${message}\n`);
    if (this.serverLog.length > 200) this.serverLog.shift();
  }

  /** One process at a time per cluster: a second `npm start` on the same DATA_DIR must not stop the first's server. */
  private async claimDataDir(): Promise<void> {
    const owner = Number.parseInt(await readFile(this.ownerFile, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isProcessAlive(owner)) {
      throw new Error(
        `Another process (pid ${owner}) is already running the embedded PostgreSQL in ${this.options.dataDir}. ` +
          'Stop it first, or use another DATA_DIR.',
      );
    }
    await writeFile(this.ownerFile, `${process.pid}\n`);
  }

  /**
   * A SIGKILLed run leaves its postmaster running (and postmaster.pid behind); embedded-postgres would then fail
   * with an unexplained `undefined`. Nobody owns the cluster any more (see claimDataDir), so stop that server.
   */
  private async recoverStaleServer(dataDir: string): Promise<void> {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    const content = await readFile(pidFile, 'utf8').catch(() => undefined);
    if (content === undefined) return;
    const pid = Number.parseInt(content.split('\n')[0] ?? '', 10);
    if (Number.isInteger(pid) && isProcessAlive(pid) && (await processName(pid)) === 'postgres') {
      this.warn(
        `Found a PostgreSQL server (pid ${pid}) left running by a previous run that did not shut down; stopping it first.`,
      );
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, 15000))) {
        process.kill(pid, 'SIGKILL');
        await waitForExit(pid, 5000);
      }
      return;
    }
    // The recorded server is gone (e.g. after a reboot): its lock file would make PostgreSQL refuse to start
    // if another process has taken over that pid since.
    this.warn('Removing the lock file of a PostgreSQL server that is no longer running.');
    await unlink(pidFile).catch(() => undefined);
  }

  private warn(message: string): void {
    (this.options.warn ?? this.options.log)?.(message);
  }

  private async removeUnfinishedCluster(dataDir: string): Promise<void> {
    const entries = await readdir(dataDir).catch(() => [] as string[]);
    if (entries.length > 0) {
      this.warn(`Removing an unfinished PostgreSQL cluster in ${dataDir} (an earlier initialisation failed).`);
      await rm(dataDir, { recursive: true, force: true });
    }
  }

  /** The application's database and role, and the schemas an earlier release made as the superuser handed over. */
  private async prepareDatabase(credentials: EmbeddedCredentials): Promise<void> {
    const { port, database, log } = this.options;
    const server = await connectAsSuperuser(port, 'postgres', credentials, log);
    try {
      const existing = await server.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (existing.rowCount === 0) await server.query(`CREATE DATABASE ${server.escapeIdentifier(database)}`);
      await ensureAppRole(server, database, credentials);
    } finally {
      await server.end();
    }
    if (credentials.settled) return;
    const inDatabase = await connectAsSuperuser(port, database, credentials);
    try {
      const handedOver = await handOverSchemas(inDatabase);
      if (handedOver.length > 0)
        log?.(`The application's database role now owns the schemas ${handedOver.join(', ')} (no superuser).`);
    } finally {
      await inDatabase.end();
    }
    await writeCredentials(this.options.dataDir, { ...credentials, settled: true });
  }
}

/**
 * initdb reads the superuser password from a file embedded-postgres writes to the temporary folder: with a private
 * umask meanwhile, no other local user can read it there. Run as root, PostgreSQL runs as the `postgres` user, which
 * must read that file itself, so there it keeps the usual mode (for the moment initdb takes).
 */
async function initialiseWithPrivateFiles(postgres: EmbeddedPostgres, runsAsRoot: boolean): Promise<void> {
  const previous = runsAsRoot ? undefined : process.umask(0o077);
  try {
    await postgres.initialise();
  } finally {
    if (previous !== undefined) process.umask(previous);
  }
}
