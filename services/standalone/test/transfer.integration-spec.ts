import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportJobReport, Memory } from '@memories/contracts';
import { dayOneArchive, getFreePort, unzipBytes, zipBytes } from '@memories/server-testing';

const MAIN = path.join(__dirname, '..', 'dist', 'main.js');

// Export and import in the embedded mode: the transfer routes on the one origin, the job queue in the embedded
// PostgreSQL, and a job that survives the whole process being killed.
describe('export and import in the standalone', () => {
  let root: string;
  let child: ChildProcess;
  let env: Record<string, string>;
  const app = { url: '' };

  function start(): Promise<string> {
    child = spawn(process.execPath, [MAIN], { env });
    return new Promise<string>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Memories is ready at (\S+)/.exec(output);
        if (match) resolve(match[1]);
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`standalone exited with ${code}:\n${output}`)));
    });
  }

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-standalone-transfer-'));
    await chmod(root, 0o755);
    env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      PORT: String(await getFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
      IMPORT_JOB_TIMEOUT_SECONDS: '4',
    };
    app.url = await start();
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(root, { recursive: true, force: true });
  });

  const json = async <T>(method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${app.url}/api${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: T; pagination?: { totalElements: number } },
    };
  };

  async function signUp(name: string): Promise<string> {
    const email = `${name}@example.com`;
    await json('POST', '/auth/register', {
      name: `${name} Tester`,
      email,
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    return (
      await json<{ accessToken: string }>('POST', '/auth/login', { email, password: 'secret1', rememberMe: false })
    ).body.data.accessToken;
  }

  async function startImport(token: string, archive: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(archive)]), 'archive.zip');
    const response = await fetch(`${app.url}/api/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(202);
    return ((await response.json()) as { data: { jobId: string } }).data.jobId;
  }

  async function waitForEnd(token: string, jobId: string): Promise<ImportJobReport> {
    for (;;) {
      const { body } = await json<ImportJobReport>('GET', `/import/${jobId}`, undefined, token);
      if (body.data.status === 'done' || body.data.status === 'failed') return body.data;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('imports a Day One export and exports it again on the one origin, and an import of that export into another account is whole', async () => {
    const token = await signUp('embedded');
    expect(await waitForEnd(token, await startImport(token, await zipBytes(dayOneArchive().entries)))).toMatchObject({
      status: 'done',
      imported: 2,
    });
    const exported = await fetch(`${app.url}/api/export`, { headers: { authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
    const archive = Buffer.from(await exported.arrayBuffer());
    const files = await unzipBytes(archive);
    expect([...files.keys()].filter((name) => name.startsWith('images/'))).toHaveLength(2);

    const other = await signUp('embedded-other');
    expect(await waitForEnd(other, await startImport(other, archive))).toMatchObject({
      status: 'done',
      format: 'memories',
      imported: 2,
      failed: 0,
    });
    const { body } = await json<Memory[]>('GET', '/memories/my?size=10', undefined, other);
    expect(body.data.map((memory) => memory.title)).toEqual(['Back home, same photo again.', 'Cairns']);
  });

  it('finishes an import after the whole process was killed in the middle of it', async () => {
    const token = await signUp('embedded-restart');
    const entries = Array.from({ length: 400 }, (_, index) => ({
      name: `${String(index).padStart(4, '0')}.md`,
      data: `# Note ${index}\n\nDay ${index}.`,
    }));
    const jobId = await startImport(token, await zipBytes(entries));
    let report = await waitForProgress(token, jobId);
    expect(report.status).toBe('running');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    app.url = await start();
    report = await waitForEnd(token, jobId);
    expect(report).toMatchObject({ status: 'done', total: 400, imported: 400, failed: 0 });
    expect((await json<Memory[]>('GET', '/memories/my?size=1', undefined, token)).body.pagination?.totalElements).toBe(
      400,
    );
  });

  async function waitForProgress(token: string, jobId: string): Promise<ImportJobReport> {
    for (;;) {
      const { body } = await json<ImportJobReport>('GET', `/import/${jobId}`, undefined, token);
      if (body.data.imported > 0 || body.data.status === 'done') return body.data;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
});
