import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { Client } from 'pg';
import { MEDIA_COOKIE_NAME, type Memory, type TwoFactorSetup } from '@memories/contracts';
import {
  ApiContract,
  countAccountRows,
  countUserFiles,
  eventually,
  getFreePort,
  startTestPostgres,
  pngBytes,
  type TestPostgres,
} from '@memories/server-testing';
import { launch, type StandaloneProcess } from './support/standalone-process';

const PNG = pngBytes(7);
const PASSWORD = 'secret1';

interface Person {
  id: string;
  token: string;
}

// Sharing and account deletion in the embedded mode (`npm start`): one process, the in-process bus, files on the
// local disk under DATA_DIR. PostgreSQL is a test server given as DATABASE_URL, so the rows can be counted.
describe('sharing and deleting an account in the standalone', () => {
  let root: string;
  let postgres: TestPostgres;
  let standalone: StandaloneProcess;
  let url = '';
  let contract: ApiContract;

  beforeAll(async () => {
    [root, postgres] = await Promise.all([
      mkdtemp(path.join(tmpdir(), 'memories-standalone-accounts-')),
      startTestPostgres(),
    ]);
    await chmod(root, 0o755);
    const env = {
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      DATABASE_URL: postgres.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'warn',
    };
    standalone = launch(env);
    url = await standalone.ready;
    contract = await ApiContract.fetch(`${url}/api/docs/json`);
  }, 120000);

  afterAll(async () => {
    if (standalone && standalone.child.exitCode === null) {
      standalone.child.kill('SIGTERM');
      await standalone.exited;
    }
    await postgres?.stop();
    await rm(root, { recursive: true, force: true });
  });

  async function call<T>(
    method: string,
    route: string,
    who?: Person,
    body?: unknown,
  ): Promise<{ status: number; data: T }> {
    const response = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    // Every answer, and every request the API accepted, must be what the served API document says.
    contract.verify({
      method,
      url: `/api${route}`,
      requestBody: body,
      status: response.status,
      contentType: response.headers.get('content-type'),
      responseBody: answer,
    });
    return { status: response.status, data: answer.data };
  }

  async function signUp(name: string): Promise<Person> {
    const email = `${name.toLowerCase()}@example.com`;
    await call('POST', '/auth/register', undefined, {
      name: `${name} Example`,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const session = await call<{ accessToken: string; user: { id: string } }>('POST', '/auth/login', undefined, {
      email,
      password: PASSWORD,
      rememberMe: false,
    });
    return { id: session.data.user.id, token: session.data.accessToken };
  }

  async function upload(who: Person): Promise<string> {
    const grant = await call<{ uploadUrl: string; fileUrl: string }>('POST', '/upload/presigned-url', who, {
      fileName: 'a.png',
      fileType: 'image/png',
    });
    expect(
      (
        await fetch(`${url}${grant.data.uploadUrl}`, {
          method: 'PUT',
          headers: { 'content-type': 'image/png' },
          body: new Uint8Array(PNG),
        })
      ).status,
    ).toBe(200);
    return grant.data.fileUrl;
  }

  const readFile = async (fileUrl: string, who: Person) =>
    (await fetch(`${url}${fileUrl}`, { headers: { cookie: `${MEDIA_COOKIE_NAME}=${who.token}` } })).status;

  async function memoryWithImage(
    owner: Person,
    title: string,
    sharedWith: Person[],
  ): Promise<{ memory: Memory; image: string }> {
    const image = await upload(owner);
    const contentJson = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: title }] },
        { type: 'image', attrs: { src: image } },
      ],
    });
    const created = await call<Memory>('POST', '/memories', owner, {
      title,
      date: '2024-05-01',
      contentJson,
      sharedWith: sharedWith.map((p) => p.id),
    });
    expect(created.status).toBe(201);
    return { memory: created.data, image };
  }

  /**
   * Every account-security row an account can own: two-factor sign-in with its recovery codes, an open passkey
   * ceremony and a stored passkey (inserted as a browser's registration leaves it; the ceremony is proven in e2e).
   */
  async function secureAccount(who: Person): Promise<void> {
    const setup = await call<TwoFactorSetup>('POST', '/auth/two-factor/setup', who, { password: PASSWORD });
    expect(
      (await call('POST', '/auth/two-factor/enable', who, { code: await generate({ secret: setup.data.secret }) }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/auth/passkeys/registration-options', who, { password: PASSWORD })).status).toBe(200);
    const db = new Client({ connectionString: postgres.url });
    await db.connect();
    try {
      await db.query(
        `INSERT INTO auth.passkeys (user_id, credential_id, public_key, counter, name) VALUES ($1, $2, $3, 0, 'Laptop')`,
        [who.id, `credential-${who.id}`, Buffer.from('key')],
      );
    } finally {
      await db.end();
    }
  }

  it('takes a share back at once, memory and image, then deletes an account leaving no row and no file', async () => {
    const [ada, bob] = [await signUp('Ada'), await signUp('Bob')];
    const avatar = await upload(ada);
    expect((await call('PUT', `/users/${ada.id}`, ada, { profileImageUrl: avatar })).status).toBe(200);
    const { memory, image } = await memoryWithImage(ada, 'Harbour', [bob]);
    await memoryWithImage(bob, 'For Ada', [ada]);

    expect((await call<Memory>('GET', `/memories/${memory.id}`, bob)).data.sharedBy).toMatchObject({
      id: ada.id,
      name: 'Ada Example',
      profileImageUrl: avatar,
    });
    expect([await readFile(image, bob), await readFile(avatar, bob)]).toEqual([200, 200]);
    expect((await call('DELETE', `/memories/memory/${memory.id}/share/${bob.id}`, ada)).status).toBe(200);
    expect([(await call('GET', `/memories/${memory.id}`, bob)).status, await readFile(image, bob)]).toEqual([404, 404]);

    await secureAccount(ada);
    const uploads = path.join(root, 'data', 'uploads');
    expect(Object.keys(await countAccountRows(postgres.url, ada.id))).toEqual(
      expect.arrayContaining([
        'auth.sessions.user_id',
        'auth.two_factor.user_id',
        'auth.recovery_codes.user_id',
        'auth.passkeys.user_id',
        'auth.webauthn_challenges.user_id',
      ]),
    );
    expect(await countUserFiles(uploads, ada.id)).toBe(2);
    const deleted = await call('DELETE', `/users/${ada.id}`, ada, { password: PASSWORD });

    expect(deleted.status).toBe(200);
    // The memory and upload services handle the event a moment after the answer.
    expect(
      await eventually(
        () => countAccountRows(postgres.url, ada.id),
        (rows) => Object.keys(rows).length === 0,
      ),
    ).toEqual({});
    expect(
      await eventually(
        () => countUserFiles(uploads, ada.id),
        (files) => files === 0,
      ),
    ).toBe(0);
    expect(await countUserFiles(uploads, bob.id)).toBe(1);
    expect((await call<Memory[]>('GET', '/memories/my', bob)).data.map((m) => m.sharedWith)).toEqual([[]]);
  });
});
