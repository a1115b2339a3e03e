import { chmod, mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { memoryServiceDescriptor } from '@memories/memory-service';
import {
  createDataSourceOptions,
  embeddedPostgresUrl,
  migrationNameOf,
  runningPostgresPort,
} from '@memories/nest-common';
import { getFreePort } from '@memories/server-testing';
import { launch, postmasterPid, type StandaloneProcess } from './support/standalone-process';

// `npm run backup` and `npm run restore` against the real standalone process and its embedded PostgreSQL: a backup
// taken while a user keeps writing holds exactly what was acknowledged before it began (and nothing half-written),
// a backup killed midway is never taken for one, and start-up backs up before migrating and refuses newer data.

const PNG = (n: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, n % 256)]);

interface Written {
  id: string;
  title: string;
  contentJson: string;
  image: string;
  bytes: Buffer;
  ackedAt: number;
}

describe('backups of the embedded instance', () => {
  let root: string;
  let instance: Record<string, string>;
  let app: StandaloneProcess;
  let url: string;
  let token: string;
  const written: Written[] = [];
  let backupBeganAt = 0;
  let backupEndedAt = 0;
  let backupPath = '';

  const envFor = async (name: string) => ({
    DATA_DIR: path.join(root, name),
    WEB_ROOT: path.join(root, 'web'),
    PORT: String(await getFreePort()),
    EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
    // `log`: the line saying an upgrade is backed up first is an information, not a warning.
    LOG_LEVEL: 'log',
    BACKUP_INTERVAL_HOURS: '0',
  });
  const api = async <T>(base: string, method: string, route: string, body?: unknown, bearer?: string): Promise<T> => {
    const response = await fetch(`${base}/api${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const logIn = async (base: string) =>
    (
      await api<{ accessToken: string }>(base, 'POST', '/auth/login', {
        email: 'owner@example.com',
        password: 'secret1',
        rememberMe: false,
      })
    ).accessToken;
  const run = async (entry: string, env: Record<string, string>, args: string[] = []) => {
    const command = launch(env, entry, args);
    return { code: await command.exited, output: command.output() };
  };
  const listing = async (env: Record<string, string>) =>
    (await readdir(path.join(env.DATA_DIR, 'backups'))).filter((name) => !name.startsWith('.')).sort();
  const stop = async (process: StandaloneProcess) => {
    if (process.child.exitCode === null && process.child.signalCode === null) process.child.kill('SIGTERM');
    await process.exited;
  };

  /** One memory with a freshly uploaded image, recorded once the server acknowledged both. */
  async function writeOne(n: number): Promise<void> {
    const grant = await api<{ uploadUrl: string; fileUrl: string }>(
      url,
      'POST',
      '/upload/presigned-url',
      { fileName: `p${n}.png`, fileType: 'image/png' },
      token,
    );
    const bytes = PNG(n);
    const put = await fetch(`${url}${grant.uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(bytes),
    });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
    const title = `Memory ${n}`;
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: `Day ${n} by the sea` }] },
        { type: 'image', attrs: { src: grant.fileUrl } },
      ],
    });
    const memory = await api<{ id: string; contentJson: string }>(
      url,
      'POST',
      '/memories/memory',
      { title, date: '2024-05-01', contentJson },
      token,
    );
    written.push({
      id: memory.id,
      title,
      contentJson: memory.contentJson,
      image: grant.fileUrl,
      bytes,
      ackedAt: Date.now(),
    });
  }

  /** Holds the upload table so that a backup waits at it, half done; resolves once it waits. */
  async function holdBackupMidway(env: Record<string, string>): Promise<Client> {
    const port = await runningPostgresPort(path.join(env.DATA_DIR, 'postgres'));
    const lock = new Client({
      connectionString: embeddedPostgresUrl(path.join(env.DATA_DIR, 'postgres'), port ?? 0, 'memories'),
    });
    await lock.connect();
    lock.on('error', () => undefined);
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE upload.files IN ACCESS EXCLUSIVE MODE');
    return lock;
  }
  /** Polled from a connection of its own: inside a transaction, pg_stat_activity stays as it was first read. */
  async function waitUntilBackupWaits(env: Record<string, string>): Promise<void> {
    const port = await runningPostgresPort(path.join(env.DATA_DIR, 'postgres'));
    const observer = new Client({
      connectionString: embeddedPostgresUrl(path.join(env.DATA_DIR, 'postgres'), port ?? 0, 'memories'),
    });
    await observer.connect();
    try {
      for (let attempt = 0; attempt < 600; attempt++) {
        const { rows } = await observer.query(
          `SELECT 1 FROM pg_stat_activity WHERE application_name = 'memories-backup' AND wait_event_type = 'Lock'`,
        );
        if (rows.length > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the backup never reached the held table');
    } finally {
      await observer.end();
    }
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-backups-'));
    await chmod(root, 0o755);
    instance = await envFor('instance');
    app = launch(instance);
    url = await app.ready;
    await api(url, 'POST', '/auth/register', {
      name: 'Owner Person',
      email: 'owner@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    token = await logIn(url);
    for (let n = 0; n < 10; n++) await writeOne(n);
  });

  afterAll(async () => {
    await stop(app);
    await rm(root, { recursive: true, force: true });
  });

  it('backs up while the owner keeps writing', async () => {
    let writing = true;
    let n = 10;
    const writer = (async () => {
      while (writing) await writeOne(n++);
    })();
    await new Promise((resolve) => setTimeout(resolve, 500));

    backupBeganAt = Date.now();
    const backup = await run('backup/backup.main.js', instance);
    backupEndedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 500));
    writing = false;
    await writer;

    expect(backup.code).toBe(0);
    expect(backup.output).toMatch(/Backup complete in [\d.]+ s: /);
    backupPath = /Backup complete in [\d.]+ s: (\S+)/.exec(backup.output)?.[1] ?? '';
    expect(path.basename(backupPath)).toMatch(/^memories-manual-\d{4}-\d{2}-\d{2}T[\d-]+Z$/);
    expect(written.filter((memory) => memory.ackedAt > backupEndedAt).length).toBeGreaterThan(0);
  });

  it('keeps backups readable by the owner of DATA_DIR only (they hold every journal of the instance)', async () => {
    const modeOf = async (target: string) => (await stat(target)).mode & 0o777;
    const database = path.join(backupPath, 'database');
    const dumps = (await readdir(database)).map((file) => path.join(database, file));

    expect(await modeOf(path.join(instance.DATA_DIR, 'backups'))).toBe(0o700);
    expect(await modeOf(backupPath)).toBe(0o700);
    expect(await modeOf(database)).toBe(0o700);
    expect(await modeOf(path.join(backupPath, 'manifest.json'))).toBe(0o600);
    expect(dumps.length).toBeGreaterThan(0);
    for (const dump of dumps) expect(await modeOf(dump)).toBe(0o600);
  });

  it('leaves a backup killed midway marked unfinished, refuses to restore it, and marks it failed at the next backup', async () => {
    const before = await listing(instance);
    const lock = await holdBackupMidway(instance);
    const backup = launch(instance, 'backup/backup.main.js');
    await waitUntilBackupWaits(instance);

    backup.child.kill('SIGKILL');
    await backup.exited;
    await lock.query('ROLLBACK');
    await lock.end();

    const added = (await listing(instance)).filter((name) => !before.includes(name));
    expect(added).toEqual([expect.stringMatching(/^memories-manual-.*\.incomplete$/)]);
    const unfinished = path.join(instance.DATA_DIR, 'backups', added[0]);
    const refused = await run('backup/restore.main.js', await envFor('never-restored'), [unfinished]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`${unfinished} is not a complete backup and cannot be restored.`);

    const next = await run('backup/backup.main.js', instance);
    expect(next.code).toBe(0);
    const failed = unfinished.replace(/\.incomplete$/, '.failed');
    expect(await readFile(path.join(failed, 'FAILED.txt'), 'utf8')).toMatch(/stopped before it finished/);
  });

  it('marks a backup failed when the app and its database are killed while it runs', async () => {
    const lock = await holdBackupMidway(instance);
    const backup = launch(instance, 'backup/backup.main.js');
    await waitUntilBackupWaits(instance);

    const postgres = await postmasterPid(instance.DATA_DIR);
    app.child.kill('SIGKILL');
    process.kill(postgres, 'SIGKILL');
    await app.exited;
    await lock.end().catch(() => undefined);

    expect(await backup.exited).toBe(1);
    expect(backup.output()).toMatch(/The backup failed and was marked so \(\S+\.failed\)/);
    const failed = (await listing(instance)).filter((name) => name.endsWith('.failed'));
    expect(failed).toHaveLength(2);
    expect(await readFile(path.join(instance.DATA_DIR, 'backups', failed.at(-1)!, 'FAILED.txt'), 'utf8')).toMatch(
      /It failed: /,
    );
  });

  it('restores into a new DATA_DIR exactly what was acknowledged before the backup began, nothing half-written', async () => {
    const restoredEnv = await envFor('restored');
    const restore = await run('backup/restore.main.js', restoredEnv, [backupPath]);
    expect(restore.code).toBe(0);
    expect(restore.output).toContain(`Nothing was replaced: ${restoredEnv.DATA_DIR} held no data.`);

    const restored = launch(restoredEnv);
    try {
      const base = await restored.ready;
      const bearer = await logIn(base);
      const memories = await api<Array<{ id: string; title: string; contentJson: string; contentHtml: string }>>(
        base,
        'GET',
        '/memories/my?size=100',
        undefined,
        bearer,
      );
      const byId = new Map(written.map((memory) => [memory.id, memory]));

      // Everything acknowledged before the backup began is there, as it was written.
      for (const memory of written.filter((candidate) => candidate.ackedAt < backupBeganAt)) {
        expect(memories.find((candidate) => candidate.id === memory.id)).toMatchObject({
          title: memory.title,
          contentJson: memory.contentJson,
        });
      }
      // Nothing written after it ended, nothing that was never acknowledged, and every restored memory whole: its image
      // too.
      for (const memory of memories) {
        const acked = byId.get(memory.id);
        expect(acked).toBeDefined();
        expect(acked!.ackedAt).toBeLessThan(backupEndedAt);
        const image = await fetch(`${base}${acked!.image}`, { headers: { cookie: `memories_media=${bearer}` } });
        expect(image.status).toBe(200);
        expect(Buffer.from(await image.arrayBuffer())).toEqual(acked!.bytes);
      }
    } finally {
      await stop(restored);
    }
  });

  it('backs up before start-up migrates older data, and refuses data of a newer release naming that backup', async () => {
    const env = await envFor('restored');
    // The SQL runs while the instance runs (embedded-postgres is an ES module the test runner cannot load itself).
    const whileRunning = async (work: (databaseUrl: string) => Promise<void>) => {
      const running = launch(env);
      try {
        await running.ready;
        await work(
          embeddedPostgresUrl(
            path.join(env.DATA_DIR, 'postgres'),
            (await runningPostgresPort(path.join(env.DATA_DIR, 'postgres'))) ?? 0,
            'memories',
          ),
        );
      } finally {
        await stop(running);
      }
    };
    // The data as the release before the newest memory migration left it.
    await whileRunning(async (databaseUrl) => {
      const dataSource = new DataSource(
        createDataSourceOptions({ url: databaseUrl, ...memoryServiceDescriptor.database }),
      );
      await dataSource.initialize();
      await dataSource.undoLastMigration({ transaction: 'all' });
      await dataSource.destroy();
    });

    const upgraded = launch(env);
    await upgraded.ready;
    await stop(upgraded);
    const preUpgrade = (await listing(env)).filter((name) => name.startsWith('memories-pre-upgrade-'));
    expect(preUpgrade).toHaveLength(1);
    const newest = memoryServiceDescriptor.database.migrations.at(-1) as new () => { name?: string };
    expect(upgraded.output()).toContain(`Backing up before migrating (${migrationNameOf(newest)})`);

    await whileRunning(async (databaseUrl) => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(
        `INSERT INTO memory.migrations (timestamp, name) VALUES (9999999999999, 'FromTheFuture9999999999999')`,
      );
      await client.end();
    });
    const refused = launch(env);

    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'The "memory" data was migrated by a newer release of Memories (it has FromTheFuture9999999999999',
    );
    expect(refused.output()).toContain(`npm run restore -- ${path.join(env.DATA_DIR, 'backups', preUpgrade[0])}`);
  });
});
