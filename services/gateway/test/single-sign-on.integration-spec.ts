import {
  CLIENT_HEADER,
  type AuthSession,
  type AuthorizationRedirect,
  type CreatedInvite,
  type CreatedPersonalAccessToken,
  type LinkedIdentity,
  type LoggedOut,
  type SignInOptions,
  singleSignOnErrorMessage,
} from '@memories/contracts';
import {
  eventually,
  getFreePort,
  signInAtProvider,
  startNatsServer,
  startTestOidcProvider,
  startTestPostgres,
  type IdTokenTamper,
  type ProviderSignIn,
  type TestNatsServer,
  type TestOidcProvider,
  type TestPostgres,
} from '@memories/server-testing';
import { callApi } from './support/api-call';
import { startMemoriesSystem, type MemoriesSystem } from './support/memories-system';

// Single sign-on with a real OpenID Connect provider (oidc-provider, in its own process on 127.0.0.1) against the
// services as deployed: gateway, auth, memory, upload and notify as separate processes over nats-server (each part
// signed in with the permissions of BUS_GRANTS) and PostgreSQL. The provider is not running when the system starts: an issuer that is down must not stop anything.

const PASSWORD = 'correct horse battery staple';
const CLIENT = { client_id: 'memories', client_secret: 'a-client-secret-of-some-length' };

const ACCOUNTS = {
  ada: { claims: { email: 'ada.sso@example.com', email_verified: true, name: 'Ada Lovelace' } },
  'bob-unconfirmed': { claims: { email: 'bob@example.com', email_verified: false, name: 'Bob (unconfirmed)' } },
  'bob-confirmed': { claims: { email: 'bob@example.com', email_verified: true, name: 'Bob Builder' } },
  'carol-at-work': { claims: { email: 'carol@work.example.org', email_verified: true, name: 'Carol Work' } },
  'no-address': { claims: { name: 'Nobody Known' } },
  newcomer: { claims: { email: 'newcomer@example.com', email_verified: true, name: 'New Comer' } },
  invitee: { claims: { email: 'invitee@example.com', email_verified: true, name: 'Ivy Invited' } },
  'second-invitee': { claims: { email: 'second@example.com', email_verified: true, name: 'Sam Second' } },
  erin: { claims: { email: 'erin.sso@example.com', email_verified: true, given_name: 'Erin', family_name: 'Ex' } },
};

interface Callback {
  status: number;
  location: string;
  /** The refresh cookie the callback set, if it signed someone in. */
  refresh?: string;
}

const cookieOf = (response: Response, name: string): string | undefined =>
  new RegExp(`(?:^|\\n)${name}=([^;]*)`).exec(response.headers.getSetCookie().join('\n'))?.[1] || undefined;

describe('single sign-on with OpenID Connect (split services)', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let system: MemoriesSystem;
  let provider: TestOidcProvider;
  let origin: string;
  let providerPort: number;

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer({ secured: true })]);
    const [gatewayPort, reserved] = [await getFreePort(), await getFreePort()];
    origin = `http://127.0.0.1:${gatewayPort}`;
    providerPort = reserved;
    system = await startMemoriesSystem({
      natsUrl: nats.url,
      databaseUrl: postgres.url,
      busTimeoutMs: 5000,
      gatewayPort,
      credentialsOf: nats.credentialsOf,
      env: {
        auth: {
          PUBLIC_URL: origin,
          OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
          OIDC_CLIENT_ID: CLIENT.client_id,
          OIDC_CLIENT_SECRET: CLIENT.client_secret,
          OIDC_DISPLAY_NAME: 'Test ID',
          OIDC_LOGOUT: 'true',
        },
      },
    });
  }, 120000);

  afterAll(async () => {
    await provider?.stop();
    await system?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  const call = <T = unknown>(method: string, url: string, token?: string, body?: unknown) =>
    callApi<T>(system.api, method, url, { token, body });

  async function startSignIn(query = ''): Promise<{ authorizationUrl: string; binding: string }> {
    const response = await fetch(`${origin}/api/auth/oidc/start${query}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    return {
      authorizationUrl: response.headers.get('location') ?? '',
      binding: cookieOf(response, 'memories_oidc') ?? '',
    };
  }

  async function callback(url: string, binding?: string): Promise<Callback> {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: binding ? { cookie: `memories_oidc=${binding}` } : {},
    });
    return {
      status: response.status,
      location: response.headers.get('location') ?? '',
      refresh: cookieOf(response, 'memories_refresh'),
    };
  }

  /** A whole sign-in as a browser makes it: start, the provider's pages, the callback. */
  async function signIn(person: ProviderSignIn, query = ''): Promise<Callback> {
    const started = await startSignIn(query);
    return callback(await signInAtProvider(started.authorizationUrl, person), started.binding);
  }

  /** What the app does after any sign-in: the refresh cookie becomes a session. */
  async function sessionOf(refresh: string | undefined): Promise<AuthSession> {
    const response = await fetch(`${system.api}/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `memories_refresh=${refresh}`, [CLIENT_HEADER.name]: CLIENT_HEADER.value },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: AuthSession }).data;
  }

  async function register(email: string, name = 'Pat Password'): Promise<AuthSession> {
    const registered = await call('POST', '/auth/register', undefined, {
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const login = await call<AuthSession>('POST', '/auth/login', undefined, {
      email,
      password: PASSWORD,
      rememberMe: false,
    });
    return login.body.data as AuthSession;
  }

  it('starts while the provider is down: the login page hears "unavailable", and the start goes back there', async () => {
    const options = await call<SignInOptions>('GET', '/auth/sign-in-options');
    expect(options.body.data).toEqual({
      passwordLogin: true,
      singleSignOn: { displayName: 'Test ID', available: false, startUrl: `${origin}/api/auth/oidc/start` },
    });

    const response = await fetch(`${origin}/api/auth/oidc/start`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([
      302,
      '/login?ssoError=SINGLE_SIGN_ON_UNAVAILABLE',
    ]);
  });

  it('discovers the provider once it is up (discovery is tried again)', async () => {
    provider = await startTestOidcProvider({
      port: providerPort,
      clients: [
        {
          ...CLIENT,
          redirect_uris: [`${origin}/api/auth/oidc/callback`],
          post_logout_redirect_uris: [`${origin}/login`],
        },
      ],
      accounts: ACCOUNTS,
    });
    const options = await eventually(
      () => call<SignInOptions>('GET', '/auth/sign-in-options'),
      (answer) => answer.body.data?.singleSignOn?.available === true,
    );
    expect(options.body.data?.singleSignOn?.available).toBe(true);
  });

  it('redirects to the provider with the authorization code flow, PKCE S256, state, nonce and the callback', async () => {
    const response = await fetch(`${origin}/api/auth/oidc/start`, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    const parameters = Object.fromEntries(location.searchParams);

    expect(response.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(`${provider.issuer}/auth`);
    expect(parameters).toEqual({
      client_id: 'memories',
      response_type: 'code',
      redirect_uri: `${origin}/api/auth/oidc/callback`,
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('memories_oidc='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\/api\/auth\/oidc\/callback/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it('signs a new person in as a password login does: an account made for them, the refresh cookie, the app', async () => {
    const back = await signIn({ login: 'ada' });

    expect([back.status, back.location]).toEqual([302, '/dashboard']);
    const session = await sessionOf(back.refresh);
    expect(session.user).toMatchObject({ name: 'Ada Lovelace', email: 'ada.sso@example.com', emailVerified: true });
    const profile = await call('GET', '/auth/profile', session.accessToken);
    expect(profile.status).toBe(200);

    // The second time, the same account (linked by issuer and subject), and where the sign-in started.
    const again = await signIn({ login: 'ada' }, '?returnTo=%2Fmemories%2Fnew&rememberMe=true');
    expect(again.location).toBe('/memories/new');
    expect((await sessionOf(again.refresh)).user.id).toBe(session.user.id);
  });

  it('refuses a replayed callback, a wrong state and a callback from another browser, signing nobody in', async () => {
    const started = await startSignIn();
    const callbackUrl = await signInAtProvider(started.authorizationUrl, { login: 'ada' });

    const wrongState = new URL(callbackUrl);
    wrongState.searchParams.set('state', 'not-a-state-we-made');
    expect(await callback(wrongState.href, started.binding)).toEqual({
      status: 302,
      location: '/login?ssoError=SIGN_IN_REQUEST_INVALID',
      refresh: undefined,
    });
    expect(await callback(callbackUrl)).toEqual({
      status: 302,
      location: '/login?ssoError=SIGN_IN_REQUEST_INVALID',
      refresh: undefined,
    });
    // Neither spent it: the browser that started it completes it, once.
    expect((await callback(callbackUrl, started.binding)).location).toBe('/dashboard');
    expect(await callback(callbackUrl, started.binding)).toEqual({
      status: 302,
      location: '/login?ssoError=SIGN_IN_REQUEST_USED_CONFLICT',
      refresh: undefined,
    });
  });

  it('brings a cancelled sign-in back to the login page with the reason', async () => {
    expect(await signIn({ login: 'ada', consent: 'cancel' })).toEqual({
      status: 302,
      location: '/login?ssoError=PROVIDER_SIGN_IN_REFUSED',
      refresh: undefined,
    });
  });

  it.each<IdTokenTamper>(['signature', 'issuer', 'audience', 'expired', 'nonce'])(
    'refuses an ID token with a wrong %s, signing nobody in',
    async (tamper) => {
      await provider.tamper(tamper);
      try {
        expect(await signIn({ login: 'ada' })).toEqual({
          status: 302,
          location: '/login?ssoError=PROVIDER_ANSWER_INVALID',
          refresh: undefined,
        });
      } finally {
        await provider.tamper('none');
      }
    },
  );

  it('links a first sign-in to the account of its e-mail only when the provider confirms the address', async () => {
    const bob = await register('bob@example.com', 'Bob Password');

    expect(await signIn({ login: 'bob-unconfirmed' })).toEqual({
      status: 302,
      location: '/login?ssoError=LINK_REQUIRED_CONFLICT',
      refresh: undefined,
    });
    const confirmed = await signIn({ login: 'bob-confirmed' });
    expect(confirmed.location).toBe('/dashboard');
    expect((await sessionOf(confirmed.refresh)).user).toMatchObject({ id: bob.user.id, name: 'Bob Password' });
    const linked = await call<LinkedIdentity[]>('GET', '/auth/identities', bob.accessToken);
    expect(linked.body.data).toEqual([
      expect.objectContaining({ provider: 'Test ID', issuer: provider.issuer, email: 'bob@example.com', usable: true }),
    ]);
  });

  it('refuses to make an account without an e-mail address', async () => {
    expect((await signIn({ login: 'no-address' })).location).toBe('/login?ssoError=PROVIDER_EMAIL_INVALID');
  });

  it('links the provider from Settings → Security after the password is given again, then signs in with it', async () => {
    const carol = await register('carol@example.com', 'Carol Password');
    const noPassword = await call('POST', '/auth/oidc/link', carol.accessToken, {});
    expect([noPassword.status, noPassword.body.error?.code]).toEqual([400, 'PASSWORD_CONFIRMATION_INVALID']);
    const wrong = await call('POST', '/auth/oidc/link', carol.accessToken, { password: 'not it' });
    expect([wrong.status, wrong.body.error?.code]).toEqual([400, 'CURRENT_PASSWORD_INVALID']);

    const response = await fetch(`${system.api}/auth/oidc/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${carol.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const { data } = (await response.json()) as { data: AuthorizationRedirect };
    const back = await callback(
      await signInAtProvider(data.authorizationUrl, { login: 'carol-at-work' }),
      cookieOf(response, 'memories_oidc'),
    );
    expect([back.location, back.refresh]).toEqual(['/settings/security?ssoLinked=1', undefined]);

    const signedIn = await signIn({ login: 'carol-at-work' });
    expect((await sessionOf(signedIn.refresh)).user.id).toBe(carol.user.id);
  });

  it('answers a link attempt with an identity of another account on the settings page', async () => {
    const dave = await register('dave2@example.com', 'Dave Second');
    const response = await fetch(`${system.api}/auth/oidc/link`, {
      method: 'POST',
      headers: { authorization: `Bearer ${dave.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const { data } = (await response.json()) as { data: AuthorizationRedirect };
    const back = await callback(
      await signInAtProvider(data.authorizationUrl, { login: 'ada' }),
      cookieOf(response, 'memories_oidc'),
    );
    expect(back.location).toBe('/settings/security?ssoError=LINKED_IDENTITY_ALREADY_EXISTS');
    expect((await call<LinkedIdentity[]>('GET', '/auth/identities', dave.accessToken)).body.data).toEqual([]);
  });

  it('unlinks a provider, but never the only way into an account', async () => {
    const erin = await sessionOf((await signIn({ login: 'erin' })).refresh);
    const [identity] = (await call<LinkedIdentity[]>('GET', '/auth/identities', erin.accessToken)).body.data ?? [];
    const refused = await call('DELETE', `/auth/identities/${identity.id}`, erin.accessToken);
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'LAST_SIGN_IN_METHOD_CONFLICT']);

    const carol = (
      await call<AuthSession>('POST', '/auth/login', undefined, {
        email: 'carol@example.com',
        password: PASSWORD,
        rememberMe: false,
      })
    ).body.data as AuthSession;
    const [carolsLink] = (await call<LinkedIdentity[]>('GET', '/auth/identities', carol.accessToken)).body.data ?? [];
    const unlinked = await call('DELETE', `/auth/identities/${carolsLink.id}`, carol.accessToken);
    expect([unlinked.status, unlinked.body.message]).toEqual([200, 'Single sign-on unlinked.']);
    expect((await call('GET', '/auth/identities', carol.accessToken)).body.data).toEqual([]);
  });

  it('with OIDC_LOGOUT, sends a single sign-on session on to the provider’s logout, and a password one nowhere', async () => {
    const back = await signIn({ login: 'ada' });
    const response = await fetch(`${system.api}/auth/logout`, {
      method: 'POST',
      headers: { cookie: `memories_refresh=${back.refresh}` },
    });
    const { data } = (await response.json()) as { data: LoggedOut };
    const endSession = new URL(data.endSessionUrl);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${provider.issuer}/session/end`);
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${origin}/login`);
    expect(endSession.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // The provider accepts it: its page goes on to sign out there (no error page).
    const page = await fetch(data.endSessionUrl);
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('/session/end/confirm')]);
    // Our session is over.
    const refresh = await fetch(`${system.api}/auth/refresh`, {
      method: 'POST',
      headers: { cookie: `memories_refresh=${back.refresh}`, [CLIENT_HEADER.name]: CLIENT_HEADER.value },
    });
    expect(refresh.status).toBe(401);

    const password = await fetch(`${system.api}/auth/logout`, { method: 'POST' });
    expect(((await password.json()) as { data: unknown }).data).toBeNull();
  });

  describe('authorization matrix of the single sign-on routes', () => {
    let owner: AuthSession;
    let stranger: AuthSession;
    let ownerIdentity: LinkedIdentity;

    beforeAll(async () => {
      owner = await sessionOf((await signIn({ login: 'erin' })).refresh);
      stranger = await register('stranger@example.com', 'Stan Ger');
      [ownerIdentity] = (await call<LinkedIdentity[]>('GET', '/auth/identities', owner.accessToken)).body.data ?? [];
    });

    it('answers 401 to anonymous callers of the account routes, and the public ones to anyone', async () => {
      for (const [method, url] of [
        ['GET', '/auth/identities'],
        ['DELETE', `/auth/identities/${ownerIdentity.id}`],
        ['POST', '/auth/oidc/link'],
      ]) {
        expect([method, url, (await call(method, url)).status]).toEqual([method, url, 401]);
      }
      expect((await call('GET', '/auth/sign-in-options')).status).toBe(200);
    });

    it('never lets a personal access token manage linked sign-ins (403)', async () => {
      for (const scope of ['read', 'write']) {
        const token = (
          await call<CreatedPersonalAccessToken>('POST', '/tokens', owner.accessToken, { name: 'script', scope })
        ).body.data?.token;
        for (const [method, url, body] of [
          ['GET', '/auth/identities'],
          ['DELETE', `/auth/identities/${ownerIdentity.id}`],
          ['POST', '/auth/oidc/link', {}],
        ] as const) {
          const answer = await call(method, url, token, body);
          expect([scope, method, url, answer.status, answer.body.error?.code]).toEqual([
            scope,
            method,
            url,
            403,
            'TOKEN_ROUTE_FORBIDDEN',
          ]);
        }
      }
    });

    it('shows and unlinks an identity for its owner only: another account gets 404', async () => {
      expect((await call('GET', '/auth/identities', stranger.accessToken)).body.data).toEqual([]);
      const answer = await call('DELETE', `/auth/identities/${ownerIdentity.id}`, stranger.accessToken);
      expect([answer.status, answer.body.error?.code]).toEqual([404, 'LINKED_IDENTITY_NOT_FOUND']);
      expect((await call('GET', '/auth/identities', owner.accessToken)).body.data).toHaveLength(1);
    });
  });

  it('makes no account by single sign-on where sign-up needs an invite, and still signs a linked account in', async () => {
    // Ada's account was the instance's first, so she is its administrator.
    const admin = await sessionOf((await signIn({ login: 'ada' })).refresh);
    expect((await call('PUT', '/admin/settings', admin.accessToken, { signupMode: 'invite' })).status).toBe(200);
    try {
      expect(await signIn({ login: 'newcomer' })).toEqual({
        status: 302,
        location: '/login?ssoError=SIGNUP_CLOSED',
        refresh: undefined,
      });
      expect(singleSignOnErrorMessage('SIGNUP_CLOSED')).toBe(
        'No account here uses this sign-in, and new people cannot sign up on this instance on their own. Ask its ' +
          'administrator for an invite.',
      );
      const linked = await signIn({ login: 'erin' });
      expect([linked.status, linked.location]).toEqual([302, '/dashboard']);
      expect((await sessionOf(linked.refresh)).user.email).toBe('erin.sso@example.com');
    } finally {
      await call('PUT', '/admin/settings', admin.accessToken, { signupMode: 'open' });
    }
    expect((await signIn({ login: 'newcomer' })).location).toBe('/dashboard');
  });

  it('lets the holder of an invite in by single sign-on where sign-up needs one, once, and only its address', async () => {
    const admin = await sessionOf((await signIn({ login: 'ada' })).refresh);
    const invite = async (email?: string) =>
      (await call<CreatedInvite>('POST', '/admin/invites', admin.accessToken, email ? { email } : {})).body
        .data as CreatedInvite;
    const withInvite = (token: string) => `?${new URLSearchParams({ invite: token })}`;
    const refused = { status: 302, location: '/login?ssoError=SIGNUP_CLOSED', refresh: undefined };
    expect((await call('PUT', '/admin/settings', admin.accessToken, { signupMode: 'invite' })).status).toBe(200);
    try {
      expect(await signIn({ login: 'invitee' })).toEqual(refused);

      const open = await invite();
      // An account that exists signs in and leaves the invite for the person it is meant for.
      expect((await signIn({ login: 'ada' }, withInvite(open.token))).location).toBe('/dashboard');
      const admitted = await signIn({ login: 'invitee' }, withInvite(open.token));
      expect([admitted.status, admitted.location]).toEqual([302, '/dashboard']);
      const session = await sessionOf(admitted.refresh);
      expect(session.user).toMatchObject({ name: 'Ivy Invited', email: 'invitee@example.com', role: 'member' });
      expect((await signIn({ login: 'invitee' })).location).toBe('/dashboard');

      expect(await signIn({ login: 'second-invitee' }, withInvite(open.token))).toEqual(refused);
      const forSomeoneElse = await invite('someone.else@example.com');
      expect(await signIn({ login: 'second-invitee' }, withInvite(forSomeoneElse.token))).toEqual(refused);
      const forSecond = await invite('second@example.com');
      expect((await signIn({ login: 'second-invitee' }, withInvite(forSecond.token))).location).toBe('/dashboard');

      // Only the invite that let nobody in is still pending.
      const pending = await call<{ id: string }[]>('GET', '/admin/invites', admin.accessToken);
      expect(pending.body.data?.map((one) => one.id)).toEqual([forSomeoneElse.id]);
    } finally {
      await call('PUT', '/admin/settings', admin.accessToken, { signupMode: 'open' });
    }
  });
});
