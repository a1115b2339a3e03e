import type { INestApplication } from '@nestjs/common';
import { Client } from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { authServiceDescriptor } from '@memories/auth-service';
import type { AuthSession, AuthUser } from '@memories/contracts';
import { API_BODY_LIMIT_BYTES, createGatewayApp, loadGatewayConfig } from '@memories/gateway';
import {
  MailSender,
  bootstrapService,
  generateEs256KeyPair,
  migrateService,
  type OutgoingMail,
} from '@memories/nest-common';
import {
  ApiContract,
  forgedAccessTokens,
  getFreePort,
  startNatsServer,
  startTestPostgres,
  type TestNatsServer,
  type TestPostgres,
} from '@memories/server-testing';

// The auth service and the gateway as separate apps over a real nats-server, on a real PostgreSQL: every auth
// endpoint through HTTP, as the browser uses it.
const keys = generateEs256KeyPair();
const CLIENT = { 'x-requested-with': 'memories-web' };

/** Every field an auth answer's `data` may carry: a user, or a session (access token and user). */
type AnswerData = AuthUser & AuthSession;

interface Answer {
  status: number;
  body: { success: boolean; message?: string; data: AnswerData; error?: { code: string; detail?: unknown } };
  headers: Headers;
  cookie?: string;
}

function refreshCookieOf(headers: Headers): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith('memories_refresh='));
}

function cookieValue(setCookie: string | undefined): string {
  return setCookie?.split(';')[0].slice('memories_refresh='.length) ?? '';
}

describe('accounts and sessions over HTTP, NATS and PostgreSQL', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let auth: INestApplication;
  let gateway: NestFastifyApplication;
  let strictGateway: NestFastifyApplication;
  let base: string;
  let contract: ApiContract;
  const mails: OutgoingMail[] = [];

  async function call(
    method: string,
    path: string,
    options: {
      body?: unknown;
      raw?: string;
      refresh?: string;
      token?: string;
      headers?: Record<string, string>;
      on?: string;
    } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] = 'application/json';
    if (options.refresh !== undefined) headers.cookie = `memories_refresh=${options.refresh}`;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${options.on ?? base}/api${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const answer = {
      status: response.status,
      body: await response.json(),
      headers: response.headers,
      cookie: refreshCookieOf(response.headers),
    };
    // Every answer, and every request the API accepted, must be what the served API document says.
    contract.verify({
      method,
      url: `/api${path}`,
      requestBody: options.body,
      status: answer.status,
      contentType: response.headers.get('content-type'),
      responseBody: answer.body,
    });
    return answer;
  }

  const register = (email: string, password = 'secret1') =>
    call('POST', '/auth/register', { body: { name: 'Ada Lovelace', email, password, confirmPassword: password } });
  const login = (email: string, password = 'secret1', rememberMe = false) =>
    call('POST', '/auth/login', { body: { email, password, rememberMe } });
  const refresh = (token: string) => call('POST', '/auth/refresh', { refresh: token, headers: CLIENT });
  const linkToken = (subject: RegExp, to: string) => {
    const mail = [...mails].reverse().find((m) => m.to === to && subject.test(m.subject));
    return /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
  };

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const serviceEnv = {
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(await getFreePort()),
      LOG_LEVEL: 'fatal',
      AUTH_JWT_PRIVATE_KEY: keys.privateKey,
      PUBLIC_URL: 'http://memories.test',
    };
    await migrateService(authServiceDescriptor, serviceEnv);
    auth = await bootstrapService(authServiceDescriptor, serviceEnv);
    // Replaced rather than spied on: the Jest preset restores spies before every test.
    auth.get(MailSender, { strict: false }).send = async (message) => {
      mails.push(message);
    };
    const gatewayEnv = {
      NATS_URL: nats.url,
      LOG_LEVEL: 'fatal',
      AUTH_JWT_PUBLIC_KEY: keys.publicKey,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    };
    gateway = await createGatewayApp(loadGatewayConfig(gatewayEnv));
    await gateway.listen(0, '127.0.0.1');
    base = await gateway.getUrl();
    contract = await ApiContract.fetch(`${base}/api/docs/json`);
    // Reached directly, as the standalone is: no proxy hop may name the client.
    strictGateway = await createGatewayApp(
      loadGatewayConfig({ ...gatewayEnv, AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY_HOPS: '0' }),
    );
    await strictGateway.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await strictGateway?.close();
    await gateway?.close();
    await auth?.close();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  describe('register', () => {
    it('creates the account (201, no password hash in the answer) and mails a verification link', async () => {
      const answer = await register('ada@example.com');

      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        success: true,
        message: 'Registration successful. Please log in.',
        data: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phoneNumber: null,
          profileImageUrl: null,
          emailVerified: false,
          createdAt: expect.any(String),
          role: expect.stringMatching(/^(admin|member)$/),
        },
      });
      expect(linkToken(/Confirm/, 'ada@example.com')).toMatch(/^[\w-]{43}$/);
    });

    it('answers 409 for an e-mail that is taken in any letter case', async () => {
      const answer = await register('ADA@Example.COM');

      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        success: false,
        message: 'User already exists',
        error: { code: 'USER_ALREADY_EXISTS' },
      });
    });

    it.each([
      [{ name: 'Ada' }, 'Last name is required'],
      [{ email: 'nope' }, 'Invalid email'],
      [{ phoneNumber: '123' }, 'Invalid phone number'],
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 6 characters'],
      [{ confirmPassword: 'other1' }, 'Passwords do not match'],
    ])('answers 400 with the first failing rule for %j', async (change, message) => {
      const body = {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        ...change,
      };
      const answer = await call('POST', '/auth/register', { body });

      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(message);
    });
  });

  describe('bad bodies answer 400 or 413 with a clear message, never 500', () => {
    it.each([
      [
        'an unknown field',
        { body: { email: 'a@b.co', password: 'x', rememberMe: false, admin: true } },
        'property admin should not exist',
      ],
      [
        'a wrong type',
        { body: { email: 'a@b.co', password: 'x', rememberMe: 'yes' } },
        'rememberMe must be a boolean value',
      ],
      ['a missing field', { body: { email: 'a@b.co', rememberMe: false } }, 'password must be a string'],
      ['malformed JSON', { raw: '{"email": ' }, 'Body is not valid JSON'],
      ['an array instead of an object', { raw: '[1,2]' }, 'email must be a string'],
    ])('%s', async (_case, options, message) => {
      const answer = await call('POST', '/auth/login', options);

      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toContain(message);
    });

    it('a body over the size limit', async () => {
      const answer = await call('POST', '/auth/register', {
        raw: JSON.stringify({ name: 'x'.repeat(API_BODY_LIMIT_BYTES + 1) }),
      });

      expect(answer.status).toBe(413);
      expect(answer.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('an over-long field', async () => {
      const answer = await register(`${'a'.repeat(400)}@example.com`);

      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('email must be shorter than or equal to 320 characters');
    });
  });

  describe('login', () => {
    it('answers the access token and user, and sets a session cookie: HttpOnly, Secure, SameSite=Strict, on /api/auth only', async () => {
      const answer = await login('Ada@example.com');

      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        accessToken: expect.any(String),
        user: expect.objectContaining({ email: 'ada@example.com' }),
      });
      expect(answer.body.data).not.toHaveProperty('refreshToken');
      const attributes = answer.cookie?.split('; ') ?? [];
      expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/api/auth']));
      expect(answer.cookie).not.toMatch(/Max-Age|Expires/);
    });

    it('keeps the cookie for 30 days with remember me', async () => {
      const answer = await login('ada@example.com', 'secret1', true);

      const maxAge = Number(/Max-Age=(\d+)/.exec(answer.cookie ?? '')?.[1]);
      expect(maxAge).toBeGreaterThan(30 * 86400 - 60);
      expect(maxAge).toBeLessThanOrEqual(30 * 86400);
    });

    it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
      const unknown = await login('nobody@example.com');
      const wrong = await login('ada@example.com', 'wrong-password');

      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body).toEqual({
        success: false,
        message: 'Invalid email or password',
        error: { code: 'CREDENTIALS_UNAUTHORIZED' },
      });
      expect(unknown.cookie).toBeUndefined();
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every refresh; replaying a rotated one revokes the whole family; logout clears the cookie', async () => {
      const first = cookieValue((await login('ada@example.com')).cookie);

      const rotated = await refresh(first);
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.user.email).toBe('ada@example.com');
      const second = cookieValue(rotated.cookie);
      expect(second).not.toBe(first);

      const profile = await call('GET', '/auth/profile', { token: rotated.body.data.accessToken });
      expect(profile.status).toBe(200);
      expect(profile.body.data.email).toBe('ada@example.com');

      // The successor was used: the rotated token is a replay now.
      const third = cookieValue((await refresh(second)).cookie);
      const replay = await refresh(first);
      expect(replay.status).toBe(401);
      expect(replay.body.error?.code).toBe('SESSION_UNAUTHORIZED');
      expect(replay.cookie).toContain('Max-Age=0');
      expect((await refresh(third)).status).toBe(401);

      const other = cookieValue((await login('ada@example.com')).cookie);
      const logout = await call('POST', '/auth/logout', { refresh: other });
      expect(logout.status).toBe(200);
      expect(logout.cookie).toMatch(/^memories_refresh=;.*Max-Age=0/);
      expect((await refresh(other)).status).toBe(401);
    });

    it('give a browser that never stored the rotated cookie a new one within the reuse interval, and only then', async () => {
      // A reload that aborts the page's own refresh presents the token that refresh just rotated.
      const first = cookieValue((await login('ada@example.com')).cookie);
      const lost = cookieValue((await refresh(first)).cookie);
      const again = await refresh(first);
      expect(again.status).toBe(200);
      const kept = cookieValue(again.cookie);
      expect(new Set([first, lost, kept]).size).toBe(3);

      // Using the copy the browser kept settles it: the lost one is spent, and the first is a replay.
      const next = cookieValue((await refresh(kept)).cookie);
      expect((await refresh(lost)).status).toBe(401);
      expect((await refresh(next)).status).toBe(200);

      // Past the interval, presenting a rotated token whose successor is unused is a replay too.
      const db = new Client({ connectionString: postgres.url });
      await db.connect();
      try {
        const start = cookieValue((await login('ada@example.com')).cookie);
        const successor = cookieValue((await refresh(start)).cookie);
        await db.query(
          `UPDATE auth.refresh_tokens SET revoked_at = revoked_at - interval '31 seconds' WHERE replaced_by IS NOT NULL AND family_id =
             (SELECT family_id FROM auth.refresh_tokens WHERE token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex'))`,
          [successor],
        );
        expect((await refresh(start)).status).toBe(401);
        expect((await refresh(successor)).status).toBe(401);
      } finally {
        await db.end();
      }
    });

    it('refuses a refresh without the client header (403), or from a cross-site page', async () => {
      const token = cookieValue((await login('ada@example.com')).cookie);

      const bare = await call('POST', '/auth/refresh', { refresh: token });
      const crossSite = await call('POST', '/auth/refresh', {
        refresh: token,
        headers: { ...CLIENT, 'sec-fetch-site': 'cross-site' },
      });

      expect(bare.status).toBe(403);
      expect(bare.body).toEqual({
        success: false,
        message: 'This request must come from the Memories web app',
        error: { code: 'CLIENT_HEADER_FORBIDDEN' },
      });
      expect(crossSite.status).toBe(403);
      expect((await refresh(token)).status).toBe(200);
    });

    it('answers 401 without a cookie, and logout answers 200 without a session', async () => {
      expect((await call('POST', '/auth/refresh', { headers: CLIENT })).status).toBe(401);
      expect((await call('POST', '/auth/logout')).status).toBe(200);
    });
  });

  describe('access tokens', () => {
    let userId: string;

    beforeAll(async () => {
      userId = (await login('ada@example.com')).body.data.user.id;
    });

    it('are required on every route that is not public', async () => {
      const answer = await call('GET', '/auth/profile');

      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        message: 'Authentication required',
        error: { code: 'ACCESS_TOKEN_UNAUTHORIZED' },
      });
    });

    it.each(Object.entries(forgedAccessTokens(keys, '00000000-0000-4000-8000-000000000001')))(
      'are refused when %s (401)',
      async (_kind, token) => {
        expect((await call('GET', '/auth/profile', { token })).status).toBe(401);
      },
    );

    it('cannot be replaced by a refresh token (401)', async () => {
      const refreshToken = cookieValue((await login('ada@example.com')).cookie);

      expect((await call('GET', '/auth/profile', { token: refreshToken })).status).toBe(401);
      expect(userId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('profile and passwords', () => {
    it('updates the profile of the signed-in user only', async () => {
      const { accessToken } = (await login('ada@example.com')).body.data;

      const answer = await call('PUT', '/auth/profile', {
        token: accessToken,
        body: { name: 'Ada King', phoneNumber: '+441234567890' },
      });

      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        name: 'Ada King',
        phoneNumber: '+441234567890',
        email: 'ada@example.com',
      });
      expect(
        (await call('PUT', '/auth/profile', { token: accessToken, body: { phoneNumber: 'x' } })).body.message,
      ).toBe('Invalid phone number');
    });

    it('change-password keeps this session and signs out every other one', async () => {
      await register('grace@example.com');
      const elsewhere = cookieValue((await login('grace@example.com')).cookie);
      const here = await login('grace@example.com', 'secret1', true);

      const wrong = await call('PUT', '/auth/change-password', {
        token: here.body.data.accessToken,
        refresh: cookieValue(here.cookie),
        body: { currentPassword: 'nope', newPassword: 'secret2', confirmPassword: 'secret2' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');

      const changed = await call('PUT', '/auth/change-password', {
        token: here.body.data.accessToken,
        refresh: cookieValue(here.cookie),
        body: { currentPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret2' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({
        success: true,
        message: 'Password changed successfully. Other devices have been signed out.',
        data: { signedOut: 1 },
      });
      expect(changed.cookie).toBeUndefined();
      expect((await refresh(elsewhere)).status).toBe(401);
      expect((await refresh(cookieValue(here.cookie))).status).toBe(200);
      expect((await login('grace@example.com', 'secret1')).status).toBe(401);
      expect((await login('grace@example.com', 'secret2')).status).toBe(200);
    });

    it('forgot-password answers the same for any address; the single-use link resets the password and signs out', async () => {
      const session = cookieValue((await login('ada@example.com')).cookie);
      const unknown = await call('POST', '/auth/forgot-password', { body: { email: 'nobody@example.com' } });
      const known = await call('POST', '/auth/forgot-password', { body: { email: 'ada@example.com' } });

      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      expect(mails.some((mail) => mail.to === 'nobody@example.com')).toBe(false);
      const token = linkToken(/Reset/, 'ada@example.com');
      expect(mails.at(-1)?.text).toContain(`http://memories.test/reset-password#token=${token}`);

      const reset = await call('POST', '/auth/reset-password', {
        body: { token, newPassword: 'brand-new', confirmPassword: 'brand-new' },
      });
      expect(reset.status).toBe(200);
      expect(
        (
          await call('POST', '/auth/reset-password', {
            body: { token, newPassword: 'again-new', confirmPassword: 'again-new' },
          })
        ).body,
      ).toEqual({
        success: false,
        message: 'This password reset link is invalid or has expired',
        error: { code: 'RESET_TOKEN_INVALID' },
      });
      expect((await refresh(session)).status).toBe(401);
      expect((await login('ada@example.com', 'brand-new')).status).toBe(200);
    });

    it('verify-email records the verification once', async () => {
      await register('linus@example.com');
      const token = linkToken(/Confirm/, 'linus@example.com');

      const verified = await call('POST', '/auth/verify-email', { body: { token } });

      expect(verified.status).toBe(200);
      expect(verified.body.data.emailVerified).toBe(true);
      expect((await call('POST', '/auth/verify-email', { body: { token } })).status).toBe(400);
      expect((await call('POST', '/auth/resend-verification', { body: { email: 'linus@example.com' } })).status).toBe(
        200,
      );
    });
  });

  describe('rate limits', () => {
    it('answer 429 with a clear message once the per-minute limit of login attempts is spent, whatever X-Forwarded-For says', async () => {
      const on = await strictGateway.getUrl();
      // Both gateways count this client's sign-ins in one PostgreSQL budget (as replicas do): the earlier tests'
      // sign-ins are forgotten, as when a new minute starts, so the strict limit starts from zero.
      const db = new Client({ connectionString: postgres.url });
      await db.connect();
      await db.query('DELETE FROM "auth"."rate_limits"').finally(() => db.end());
      const attempts = [];
      for (let i = 0; i < 4; i += 1) {
        const headers = { 'x-forwarded-for': `203.0.113.${i}` };
        attempts.push(
          await call('POST', '/auth/login', {
            on,
            headers,
            body: { email: 'ada@example.com', password: 'wrong', rememberMe: false },
          }),
        );
      }

      expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 429]);
      expect(attempts[3].body).toEqual({
        success: false,
        message: 'Too many attempts. Please wait a minute and try again.',
        error: { code: 'AUTH_RATE_LIMITED' },
      });
      // Other endpoints keep their own budget.
      expect((await call('POST', '/auth/forgot-password', { on, body: { email: 'ada@example.com' } })).status).toBe(
        200,
      );
    });
  });

  describe('the API surface', () => {
    it('sends security headers on every answer', async () => {
      const response = await fetch(`${base}/api/health`);
      const csp = response.headers.get('content-security-policy') ?? '';

      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    });

    it('documents every auth endpoint in OpenAPI', async () => {
      const document = await (await fetch(`${base}/api/docs/json`)).json();

      for (const path of [
        'register',
        'login',
        'refresh',
        'logout',
        'profile',
        'change-password',
        'forgot-password',
        'reset-password',
        'verify-email',
        'resend-verification',
      ]) {
        expect(document.paths).toHaveProperty([`/api/auth/${path}`]);
      }
    });
  });
});
