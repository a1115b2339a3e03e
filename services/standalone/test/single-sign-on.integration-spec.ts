import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { CLIENT_HEADER, type AuthSession, type LinkedIdentity, type SignInOptions } from '@memories/contracts';
import {
  ApiContract,
  getFreePort,
  signInAtProvider,
  startTestOidcProvider,
  startTestPostgres,
  type TestOidcProvider,
  type TestPostgres,
} from '@memories/server-testing';
import { launch, type StandaloneProcess } from './support/standalone-process';

// `npm start` signing people in only by single sign-on (PASSWORD_LOGIN=false) with a real OpenID provider that
// takes the client secret in the request body only (client_secret_post) and tells the profile at its userinfo
// endpoint only; the client secret comes from a file (OIDC_CLIENT_SECRET_FILE), as a Docker secret does.
describe('single sign-on in the standalone', () => {
  let root: string;
  let postgres: TestPostgres;
  let provider: TestOidcProvider;
  let standalone: StandaloneProcess;
  let contract: ApiContract;
  let origin: string;
  let instanceEnv: Record<string, string>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'memories-standalone-sso-'));
    await chmod(root, 0o755);
    const port = await getFreePort();
    origin = `http://127.0.0.1:${port}`;
    [postgres, provider] = await Promise.all([
      startTestPostgres(),
      startTestOidcProvider({
        clients: [
          {
            client_id: 'journal',
            client_secret: 'secret-from-a-file',
            token_endpoint_auth_method: 'client_secret_post',
            redirect_uris: [`${origin}/api/auth/oidc/callback`],
          },
        ],
        clientAuthMethods: ['client_secret_post'],
        claimsInUserInfoOnly: true,
        accounts: {
          grace: { claims: { email: 'grace@example.com', email_verified: true, name: 'Grace Hopper' } },
        },
      }),
    ]);
    const secretFile = path.join(root, 'oidc-client-secret');
    await writeFile(secretFile, 'secret-from-a-file\n');
    instanceEnv = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: path.join(root, 'data'),
      WEB_ROOT: path.join(root, 'web'),
      PORT: String(port),
      DATABASE_URL: postgres.url,
      PUBLIC_URL: origin,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'journal',
      OIDC_CLIENT_SECRET_FILE: secretFile,
      OIDC_DISPLAY_NAME: 'Family ID',
      PASSWORD_LOGIN: 'false',
    };
    standalone = launch(instanceEnv);
    await standalone.ready;
    contract = await ApiContract.fetch(`${origin}/api/docs/json`);
  });

  afterAll(async () => {
    if (standalone && standalone.child.exitCode === null) {
      standalone.child.kill('SIGTERM');
      await standalone.exited;
    }
    await Promise.all([provider?.stop(), postgres?.stop()]);
    await rm(root, { recursive: true, force: true });
  });

  // Every answer must be what the served document says of it.
  async function call(method: string, url: string, token?: string, body?: unknown) {
    const response = await fetch(`${origin}/api${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await contract.verifyResponse({ method, url: `/api${url}`, body }, response.clone());
    return response;
  }

  const jsonOf = async <T>(response: Response) => (await response.json()) as { data: T; error?: { code: string } };
  const cookieOf = (response: Response, name: string) =>
    new RegExp(`(?:^|\\n)${name}=([^;]*)`).exec(response.headers.getSetCookie().join('\n'))?.[1] || undefined;

  it('offers single sign-on only, and refuses password sign-in, registration and resets with 403', async () => {
    expect((await jsonOf<SignInOptions>(await call('GET', '/auth/sign-in-options'))).data).toEqual({
      passwordLogin: false,
      singleSignOn: { displayName: 'Family ID', available: true, startUrl: `${origin}/api/auth/oidc/start` },
    });
    const credentials = { email: 'grace@example.com', password: 'correct horse', confirmPassword: 'correct horse' };
    for (const [url, body] of [
      ['/auth/login', { email: credentials.email, password: credentials.password, rememberMe: false }],
      ['/auth/register', { ...credentials, name: 'Grace Hopper' }],
      ['/auth/forgot-password', { email: credentials.email }],
    ] as const) {
      const response = await call('POST', url, undefined, body);
      expect([url, response.status, (await jsonOf(response)).error?.code]).toEqual([
        url,
        403,
        'PASSWORD_LOGIN_FORBIDDEN',
      ]);
    }
  });

  it('signs a new person in through the provider, with the profile from its userinfo endpoint', async () => {
    const start = await call('GET', '/auth/oidc/start?rememberMe=true');
    const back = await fetch(await signInAtProvider(start.headers.get('location') ?? '', { login: 'grace' }), {
      redirect: 'manual',
      headers: { cookie: `memories_oidc=${cookieOf(start, 'memories_oidc')}` },
    });
    expect([back.status, back.headers.get('location')]).toEqual([302, '/dashboard']);
    // Remember me: the refresh cookie outlives the browser.
    expect(back.headers.getSetCookie().find((line) => line.startsWith('memories_refresh='))).toMatch(/Max-Age=\d+/);

    const refreshed = await fetch(`${origin}/api/auth/refresh`, {
      method: 'POST',
      headers: {
        cookie: `memories_refresh=${cookieOf(back, 'memories_refresh')}`,
        [CLIENT_HEADER.name]: CLIENT_HEADER.value,
      },
    });
    const session = (await jsonOf<AuthSession>(refreshed)).data;
    expect(session.user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', emailVerified: true });
    const identities = (await jsonOf<LinkedIdentity[]>(await call('GET', '/auth/identities', session.accessToken)))
      .data;
    expect(identities).toEqual([
      {
        id: expect.any(String),
        provider: 'Family ID',
        issuer: provider.issuer,
        email: 'grace@example.com',
        linkedAt: expect.any(String),
        lastUsedAt: expect.any(String),
        usable: true,
      },
    ]);
  });

  it('signs nobody in when the callback comes more than 10 minutes after the start', async () => {
    const start = await call('GET', '/auth/oidc/start');
    const callbackUrl = await signInAtProvider(start.headers.get('location') ?? '', { login: 'grace' });
    const database = new Client({ connectionString: postgres.url });
    await database.connect();
    try {
      // As if the person had spent 11 minutes at the provider: the request's times move, the service's clock not.
      await database.query(
        `UPDATE auth.sign_in_requests SET created_at = created_at - interval '11 minutes',
           expires_at = expires_at - interval '11 minutes' WHERE used_at IS NULL`,
      );
    } finally {
      await database.end();
    }
    const back = await fetch(callbackUrl, {
      redirect: 'manual',
      headers: { cookie: `memories_oidc=${cookieOf(start, 'memories_oidc')}` },
    });
    expect([back.status, back.headers.get('location'), cookieOf(back, 'memories_refresh')]).toEqual([
      302,
      '/login?ssoError=SIGN_IN_REQUEST_EXPIRED_UNAUTHORIZED',
      undefined,
    ]);
  });

  it('lets the instance owner turn password sign-in back on from the command line (break-glass), and off again', async () => {
    // What `npm run admin -- password-login on|off` runs, with npm start's own configuration.
    const admin = async (...args: string[]) =>
      (
        await promisify(execFile)(process.execPath, [path.join(__dirname, '..', 'dist', 'admin.js'), ...args], {
          env: instanceEnv,
        })
      ).stdout;
    const signIn = () =>
      call('POST', '/auth/login', undefined, { email: 'nobody@example.com', password: 'wrong', rememberMe: false });
    const options = async () => (await jsonOf<SignInOptions>(await call('GET', '/auth/sign-in-options'))).data;

    expect(await admin('password-login', 'on')).toContain('Password sign-in is on, whatever PASSWORD_LOGIN says.');
    expect((await options()).passwordLogin).toBe(true);
    expect((await signIn()).status).toBe(401);

    expect(await admin('password-login', 'off')).toContain('Password sign-in follows PASSWORD_LOGIN again.');
    expect((await options()).passwordLogin).toBe(false);
    expect((await signIn()).status).toBe(403);
  });
});
