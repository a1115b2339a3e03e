import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiContract, getFreePort } from '@memories/server-testing';
import { launch, type StandaloneProcess } from './support/standalone-process';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 7)]);

// The embedded mode on one origin: the grant comes from the gateway, the signed PUT lands on the same server.
describe('image uploads in the standalone', () => {
  let root: string;
  let standalone: StandaloneProcess;
  const app = { url: '' };
  let contract: ApiContract;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-standalone-uploads-'));
    await chmod(root, 0o755);
    const env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      PORT: String(await getFreePort()),
      EMBEDDED_POSTGRES_PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
    };
    // The built process, as `npm start` runs it (the sources pull ES modules Jest cannot load).
    standalone = launch(env);
    app.url = await standalone.ready;
    contract = await ApiContract.fetch(`${app.url}/api/docs/json`);
  });

  afterAll(async () => {
    if (standalone && standalone.child.exitCode === null) {
      standalone.child.kill('SIGTERM');
      await standalone.exited;
    }
    await rm(root, { recursive: true, force: true });
  });

  // Every answer, the gateway's and the upload service's on the same origin, must be what the served document says.
  const json = async (method: string, url: string, body: unknown, token?: string) => {
    const response = await fetch(`${app.url}/api${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    await contract.verifyResponse({ method, url: `/api${url}`, body }, response);
    return response;
  };

  it('grants a signed-in user an upload URL on the same origin and stores the PUT under DATA_DIR/uploads', async () => {
    const password = 'secret1';
    await json('POST', '/auth/register', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password,
      confirmPassword: password,
    });
    const session = (
      await (await json('POST', '/auth/login', { email: 'ada@example.com', password, rememberMe: false })).json()
    ).data;

    const granted = await json(
      'POST',
      '/upload/presigned-url',
      { fileName: 'photo.png', fileType: 'image/png' },
      session.accessToken,
    );
    expect(granted.status).toBe(200);
    const { uploadUrl, fileUrl } = (await granted.json()).data;
    expect(fileUrl).toMatch(new RegExp(`^/api/files/users/${session.user.id}/[0-9a-f-]{36}\\.png$`));

    const put = await fetch(`${app.url}${uploadUrl}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(PNG),
    });
    await contract.verifyResponse({ method: 'PUT', url: uploadUrl }, put);
    expect(put.status).toBe(200);
    const stored = path.join(root, 'data', 'uploads', ...fileUrl.replace('/api/files/', '').split('/'));
    expect(await readFile(stored)).toEqual(PNG);
  });

  it('refuses a grant to anonymous callers and an SVG to anyone', async () => {
    expect((await json('POST', '/upload/presigned-url', { fileName: 'a.png', fileType: 'image/png' })).status).toBe(
      401,
    );

    const session = (
      await (
        await json('POST', '/auth/login', { email: 'ada@example.com', password: 'secret1', rememberMe: false })
      ).json()
    ).data;
    const svg = await json(
      'POST',
      '/upload/presigned-url',
      { fileName: 'a.svg', fileType: 'image/svg+xml' },
      session.accessToken,
    );
    expect(svg.status).toBe(400);
    expect((await svg.json()).error.code).toBe('UPLOAD_TYPE_INVALID');
  });
});
