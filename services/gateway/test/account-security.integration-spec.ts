import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type {
  AccountSession,
  AuthSession,
  PasskeyCeremonyOptions,
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@memories/contracts';
import { AUTH_MESSAGES } from '@memories/contracts';
import { callApi } from './support/api-call';
import { startSplitSystem, type SplitSystem } from './support/split-system';

// Account security across processes: the gateway and the auth service built and started on their own, over a
// real nats-server, as deployed. The detailed rules are proven in the standalone's account-security suite; this
// one proves every new message crosses the wire (sessions with the refresh cookie, the two-step login, passkeys).

const PASSWORD = 'correct horse battery staple';
const CLIENT = { 'x-requested-with': 'memories-web' };

describe('account security in the split system', () => {
  let system: SplitSystem;

  beforeAll(async () => {
    system = await startSplitSystem();
  }, 120000);

  afterAll(async () => {
    await system?.stop();
  });

  /** POST /auth/login (or another sign-in route) answering the data and the refresh cookie it set. */
  async function signIn<T>(
    path: string,
    body: unknown,
    userAgent: string,
  ): Promise<{ status: number; data: T; refresh: string }> {
    const response = await fetch(`${system.api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: JSON.stringify(body),
    });
    const refresh = /memories_refresh=([^;]*)/.exec(response.headers.getSetCookie().join(';'))?.[1] ?? '';
    return { status: response.status, data: ((await response.json()) as { data: T }).data, refresh };
  }

  it('lists sessions with the caller’s own marked, signs one out, and logs in in two steps with a TOTP code', async () => {
    const email = `split-${randomUUID()}@example.com`;
    expect(
      (
        await callApi(system.api, 'POST', '/auth/register', {
          body: { name: 'Ada Lovelace', email, password: PASSWORD, confirmPassword: PASSWORD },
        })
      ).status,
    ).toBe(201);
    const here = await signIn<AuthSession>(
      '/auth/login',
      { email, password: PASSWORD, rememberMe: false },
      'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    );
    const there = await signIn<AuthSession>(
      '/auth/login',
      { email, password: PASSWORD, rememberMe: false },
      'curl/8.5',
    );
    const token = here.data.accessToken;

    const sessions = await callApi<AccountSession[]>(system.api, 'GET', '/auth/sessions', {
      token,
      headers: { cookie: `memories_refresh=${here.refresh}` },
    });
    expect(sessions.body.data?.map((s) => [s.browser, s.current]).sort()).toEqual([
      ['Firefox on Linux', true],
      ['Unknown browser', false],
    ]);
    const other = sessions.body.data?.find((s) => !s.current);
    expect((await callApi(system.api, 'DELETE', `/auth/sessions/${other?.id}`, { token })).status).toBe(200);
    const refused = await callApi(system.api, 'POST', '/auth/refresh', {
      headers: { ...CLIENT, cookie: `memories_refresh=${there.refresh}` },
    });
    expect(refused.status).toBe(401);

    const setup = await callApi<TwoFactorSetup>(system.api, 'POST', '/auth/two-factor/setup', {
      token,
      body: { password: PASSWORD },
    });
    const secret = setup.body.data?.secret ?? '';
    const enabled = await callApi<RecoveryCodes>(system.api, 'POST', '/auth/two-factor/enable', {
      token,
      body: { code: await generate({ secret }) },
    });
    expect(enabled.body.data?.recoveryCodes).toHaveLength(10);

    const first = await signIn<TwoFactorChallenge>(
      '/auth/login',
      { email, password: PASSWORD, rememberMe: true },
      'curl/8.5',
    );
    expect(first.data.twoFactorRequired).toBe(true);
    expect(first.refresh).toBe('');
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const second = await signIn<AuthSession>(
      '/auth/login/two-factor',
      { challengeToken: first.data.challengeToken, code },
      'curl/8.5',
    );
    expect(second.status).toBe(200);
    expect(second.data.user.email).toBe(email);
    expect(second.refresh).not.toBe('');
  });

  it('answers passkey options for the relying party of PUBLIC_URL', async () => {
    const options = await callApi<PasskeyCeremonyOptions>(system.api, 'POST', '/auth/passkeys/authentication-options');

    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      origin: 'http://localhost:3000',
      options: { rpId: 'localhost', userVerification: 'required' },
    });
  });

  describe('sign-in limits kept in PostgreSQL', () => {
    /** A gateway replica on the same bus, with a small limit per client address. */
    const replica = (limit: number) =>
      system.startGatewayReplica({ AUTH_RATE_LIMIT_PER_MINUTE: String(limit), TRUST_PROXY_HOPS: '1' });

    const attempt = (api: string, email: string, password: string, client: string) =>
      callApi(api, 'POST', '/auth/login', {
        body: { email, password, rememberMe: false },
        headers: { 'x-forwarded-for': client },
      });

    it('holds one budget per client across gateway replicas', async () => {
      const [first, second] = await Promise.all([replica(3), replica(3)]);
      try {
        const email = `replicas-${randomUUID()}@example.com`;
        const statuses = [];
        for (const api of [first.api, second.api, first.api, second.api])
          statuses.push((await attempt(api, email, 'wrong', '203.0.113.7')).status);
        const elsewhere = await attempt(second.api, email, 'wrong', '203.0.113.8');

        expect(statuses).toEqual([401, 401, 401, 429]);
        expect(elsewhere.status).toBe(401);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('pauses sign-in to an address after 10 failures from anywhere, the same for an address without an account', async () => {
      const email = `guessed-${randomUUID()}@example.com`;
      await callApi(system.api, 'POST', '/auth/register', {
        body: { name: 'Gus Guessed', email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      const nobody = `nobody-${randomUUID()}@example.com`;
      const many = await replica(1000);
      try {
        for (let guess = 0; guess < 10; guess++) {
          expect((await attempt(many.api, email, `guess-${guess}`, `198.51.100.${guess}`)).status).toBe(401);
          expect((await attempt(many.api, nobody, `guess-${guess}`, `198.51.100.${guess}`)).status).toBe(401);
        }
        const right = await attempt(many.api, email, PASSWORD, '198.51.100.200');
        const unknown = await attempt(many.api, nobody, PASSWORD, '198.51.100.200');

        expect(right.status).toBe(429);
        expect(right.body).toMatchObject({
          message: AUTH_MESSAGES.accountSignInPaused,
          error: { code: 'AUTH_RATE_LIMITED' },
        });
        expect(unknown.body).toEqual(right.body);
      } finally {
        await many.close();
      }
    });
  });
});
