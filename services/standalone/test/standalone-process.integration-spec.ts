import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getFreePort } from '@memories/server-testing';
import { isAlive, launch, postmasterPid, type StandaloneProcess } from './support/standalone-process';

describe('the standalone process (npm start)', () => {
  let root: string;
  let env: Record<string, string>;
  const running: StandaloneProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-standalone-'));
    await chmod(root, 0o755);
    const web = path.join(root, 'web');
    await mkdir(path.join(web, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(web, 'shell', 'dist', 'index.html'), '<!doctype html><title>Memories shell</title>');
    await writeFile(path.join(web, 'shell', 'dist', 'main.0123abcd.js'), 'console.log("shell")');
    await mkdir(path.join(web, 'remotes', 'landing', 'dist'), { recursive: true });
    await writeFile(path.join(web, 'remotes', 'landing', 'dist', 'mf-manifest.json'), '{"name":"landing"}');
    env = {
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: web,
      PORT: String(await getFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
    };
  });

  afterAll(async () => {
    for (const { child, exited } of running) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    }
    await rm(root, { recursive: true, force: true });
  });

  it('boots with its own PostgreSQL, serves the API, the remote list and the app, and stops everything on SIGTERM', async () => {
    const standalone = launch(env);
    running.push(standalone);
    const url = await standalone.ready;

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect((await health.json()).data.postgres).toEqual({ status: 'up' });

    const remotes = await fetch(`${url}/remotes.json`);
    expect(remotes.headers.get('cache-control')).toBe('no-cache');
    expect((await remotes.json()).remotes[0]).toEqual({ name: 'landing', entry: '/remotes/landing/mf-manifest.json' });
    expect(await (await fetch(`${url}/remotes/landing/mf-manifest.json`)).json()).toEqual({ name: 'landing' });

    const deepLink = await fetch(`${url}/memory/edit/42`);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect(await deepLink.text()).toContain('Memories shell');
    const asset = await fetch(`${url}/main.0123abcd.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const unknownApi = await fetch(`${url}/api/unknown`);
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({
      success: false,
      message: 'Cannot GET /api/unknown',
      error: { code: 'NOT_FOUND' },
    });
    expect((await fetch(`${url}/missing-file.js`)).status).toBe(404);

    // One /metrics for the whole process, for this machine only: not for a request a proxy forwarded.
    const metrics = await (await fetch(`${url}/metrics`)).text();
    // The services share one pool: it is reported once, under its own name, so that no sum counts it four times.
    expect(metrics).toMatch(/^memories_db_pool_connections\{service="memories",state="max"\} 2$/m);
    expect(metrics).not.toMatch(/^memories_db_pool_connections\{service="(auth|memory|upload|notify)"/m);
    expect(metrics).toMatch(
      /^memories_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1$/m,
    );
    expect((await fetch(`${url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);

    const postgresPid = await postmasterPid(env.DATA_DIR);
    standalone.child.kill('SIGTERM');

    expect(await standalone.exited).toBe(0);
    expect(isAlive(postgresPid)).toBe(false);
  });

  it('recovers, with a clear message, from a PostgreSQL left running by a killed run', async () => {
    const killed = launch(env);
    running.push(killed);
    await killed.ready;
    const orphan = await postmasterPid(env.DATA_DIR);
    killed.child.kill('SIGKILL');
    await killed.exited;
    expect(isAlive(orphan)).toBe(true);

    const next = launch(env);
    running.push(next);
    const url = await next.ready;

    expect(next.output()).toContain(`Found a PostgreSQL server (pid ${orphan}) left running by a previous run`);
    expect(isAlive(orphan)).toBe(false);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    next.child.kill('SIGINT');
    expect(await next.exited).toBe(0);
  });

  it('refuses to boot with a bad value, naming the variable', async () => {
    const broken = launch({ ...env, EMBEDDED_POSTGRES_PORT: 'several' });
    running.push(broken);

    expect(await broken.exited).toBe(1);
    expect(broken.output()).toContain(
      'EMBEDDED_POSTGRES_PORT: EMBEDDED_POSTGRES_PORT must be an integer number (got "several")',
    );
  });
});
