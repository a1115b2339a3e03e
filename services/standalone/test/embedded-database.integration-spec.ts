import { chmod, mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { APP_ROLE, runningPostgresPort } from '@memories/nest-common';
import { getFreePort } from '@memories/server-testing';
import { launch, type StandaloneProcess } from './support/standalone-process';

// `npm start`'s own PostgreSQL: another user of the machine must not open it with a password printed in the code,
// and the application itself connects as a role that owns its schemas and is no superuser (so no `COPY ... TO
// PROGRAM` through it). A data folder an earlier release made is brought to the same state, its data kept.

const LEGACY_PASSWORD = 'memories-embedded';
const SCHEMAS = ['auth', 'memory', 'upload', 'upload_jobs'];

interface Credentials {
  superuserPassword: string;
  appPassword: string;
}

describe("npm start's embedded PostgreSQL", () => {
  let root: string;
  let env: Record<string, string>;
  let app: StandaloneProcess | undefined;

  const postgresDir = () => path.join(env.DATA_DIR, 'postgres');
  const credentialsFile = () => path.join(postgresDir(), 'memories-credentials.json');
  const credentials = async () => JSON.parse(await readFile(credentialsFile(), 'utf8')) as Credentials;

  async function connect(user: string, password: string, database = 'memories'): Promise<Client> {
    const port = await runningPostgresPort(postgresDir());
    const client = new Client({ host: '127.0.0.1', port, user, password, database });
    await client.connect();
    return client;
  }

  async function canConnect(user: string, password: string): Promise<boolean> {
    try {
      await (await connect(user, password)).end();
      return true;
    } catch {
      return false;
    }
  }

  /** Whoever owns each of our schemas, and whether anything inside one belongs to another role. */
  async function ownership(client: Client): Promise<{ schemas: Record<string, string>; foreignObjects: number }> {
    const schemas = await client.query<{ nspname: string; owner: string }>(
      `SELECT nspname, nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = ANY ($1)`,
      [SCHEMAS],
    );
    const foreign = await client.query<{ count: string }>(
      `SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = ANY ($1) AND c.relkind IN ('r', 'p', 'S', 'v') AND c.relowner::regrole::text <> $2`,
      [SCHEMAS, APP_ROLE],
    );
    return {
      schemas: Object.fromEntries(schemas.rows.map((row) => [row.nspname, row.owner])),
      foreignObjects: Number(foreign.rows[0].count),
    };
  }

  async function start(): Promise<string> {
    app = launch(env);
    return app.ready;
  }

  async function stop(): Promise<void> {
    if (app && app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
    await app?.exited;
    app = undefined;
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-embedded-db-'));
    // Run as root, the embedded PostgreSQL runs as the postgres user, which must be able to enter the folder.
    await chmod(root, 0o755);
    env = {
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      PORT: String(await getFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'log',
      BACKUP_INTERVAL_HOURS: '0',
    };
  });

  afterAll(async () => {
    await stop();
    await rm(root, { recursive: true, force: true });
  });

  it('opens only to passwords drawn for it, kept where only its owner reads them, and never to the old fixed one', async () => {
    await start();
    const { superuserPassword, appPassword } = await credentials();

    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect(superuserPassword).toMatch(/^[\w-]{32}$/);
    expect(appPassword).not.toBe(superuserPassword);
    expect(await canConnect('postgres', LEGACY_PASSWORD)).toBe(false);
    expect(await canConnect('postgres', superuserPassword)).toBe(true);
  });

  it('runs the application as a role that owns its schemas and cannot run programs on the server', async () => {
    const client = await connect(APP_ROLE, (await credentials()).appPassword);
    try {
      const role = await client.query(`SELECT rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = $1`, [
        APP_ROLE,
      ]);
      const active = await client.query<{ count: string }>(
        `SELECT count(*) FROM pg_stat_activity WHERE datname = 'memories' AND usename <> $1 AND backend_type = 'client backend'`,
        [APP_ROLE],
      );

      expect(role.rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false });
      expect(await ownership(client)).toEqual({
        schemas: Object.fromEntries(SCHEMAS.map((schema) => [schema, APP_ROLE])),
        foreignObjects: 0,
      });
      // Only this test's own connection (as the application role) and the application's are in the database.
      expect(Number(active.rows[0].count)).toBe(0);
      await expect(client.query(`COPY (SELECT 1) TO PROGRAM 'true'`)).rejects.toThrow(/permission denied|privilege/i);
    } finally {
      await client.end();
    }
  });

  it('is sized for a small machine: no I/O workers or replication launcher, and one pool of DATABASE_POOL_SIZE connections for every service', async () => {
    const base = `http://127.0.0.1:${env.PORT}/api`;
    const account = { email: 'small-machine@example.com', password: 'secret1' };
    const post = (route: string, body: unknown) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await post('/auth/register', { name: 'Small Machine', ...account, confirmPassword: account.password });
    const { accessToken } = (
      (await (await post('/auth/login', { ...account, rememberMe: false })).json()) as { data: { accessToken: string } }
    ).data;
    // Thirty lists and thirty profiles at once (the memory and the auth service): with a pool each, they would open
    // up to ten connections each.
    const headers = { authorization: `Bearer ${accessToken}` };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => [
        fetch(`${base}/memories/my`, { headers }),
        fetch(`${base}/auth/profile`, { headers }),
      ]).flat(),
    );
    const client = await connect('postgres', (await credentials()).superuserPassword);
    try {
      const setting = async (name: string) => (await client.query(`SHOW ${name}`)).rows[0][name] as string;
      const processes = await client.query<{ backend_type: string }>('SELECT backend_type FROM pg_stat_activity');
      // Idle connections stay in a pool for ten seconds: the requests' connections are all still there.
      const connections = await client.query<{ application_name: string; count: string }>(
        `SELECT application_name, count(*) FROM pg_stat_activity
          WHERE datname = 'memories' AND usename <> 'postgres' AND backend_type = 'client backend'
          GROUP BY application_name`,
      );

      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      // One pool, named after the process: no service or job queue has connections of its own.
      expect(connections.rows.map((row) => row.application_name)).toEqual(['memories']);
      expect(Number(connections.rows[0].count)).toBeGreaterThanOrEqual(1);
      expect(Number(connections.rows[0].count)).toBeLessThanOrEqual(2);
      expect(await setting('io_method')).toBe('sync');
      // The pool's 2, two for each of four services' migrations while starting, ten for backups and commands.
      expect(await setting('max_connections')).toBe('20');
      expect(processes.rows.map((row) => row.backend_type)).not.toContain('io worker');
      expect(processes.rows.map((row) => row.backend_type)).not.toContain('logical replication launcher');
    } finally {
      await client.end();
    }
  });

  it('brings a data folder an earlier release made (fixed password, superuser-owned schemas) to that state, keeping its data', async () => {
    const base = `http://127.0.0.1:${env.PORT}/api`;
    const post = (route: string, body: unknown, token?: string) =>
      fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    const account = { email: 'legacy@example.com', password: 'secret1' };
    await post('/auth/register', { name: 'Legacy Person', ...account, confirmPassword: account.password });
    const login = async () =>
      (
        (await (await post('/auth/login', { ...account, rememberMe: false })).json()) as {
          data: { accessToken: string };
        }
      ).data.accessToken;
    const written = await post(
      '/memories/memory',
      {
        title: 'Before the upgrade',
        date: '2024-05-01',
        contentJson: JSON.stringify({
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
        }),
        tags: [],
        isDraft: false,
      },
      await login(),
    );
    expect(written.status).toBe(201);
    // What an earlier release left: everything the superuser's, its password the code's, no role and no file.
    const { superuserPassword } = await credentials();
    const inDatabase = await connect('postgres', superuserPassword);
    await inDatabase.query(`REASSIGN OWNED BY ${APP_ROLE} TO postgres`);
    await inDatabase.query(`DROP OWNED BY ${APP_ROLE}`);
    await inDatabase.end();
    const server = await connect('postgres', superuserPassword, 'postgres');
    await server.query(`DROP ROLE ${APP_ROLE}`);
    await server.query(`ALTER ROLE postgres PASSWORD '${LEGACY_PASSWORD}'`);
    await server.end();
    await stop();
    await unlink(credentialsFile());

    await start();
    const { superuserPassword: drawn, appPassword } = await credentials();
    const client = await connect(APP_ROLE, appPassword);
    try {
      expect(await ownership(client)).toEqual({
        schemas: Object.fromEntries(SCHEMAS.map((schema) => [schema, APP_ROLE])),
        foreignObjects: 0,
      });
    } finally {
      await client.end();
    }
    const listed = await fetch(`${base}/memories/my`, { headers: { authorization: `Bearer ${await login()}` } });

    expect(app?.output()).toContain('Replacing the fixed password of the embedded PostgreSQL with a random one');
    expect((await stat(credentialsFile())).mode & 0o777).toBe(0o600);
    expect(await canConnect('postgres', LEGACY_PASSWORD)).toBe(false);
    expect(await canConnect('postgres', drawn)).toBe(true);
    expect(((await listed.json()) as { data: { title: string }[] }).data.map((memory) => memory.title)).toEqual([
      'Before the upgrade',
    ]);
  });
});
