import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import type {
  AccountSession,
  AuthSession,
  PasskeyCeremonyOptions,
  PasskeySummary,
  RecoveryCodes,
  TwoFactorChallenge,
  TwoFactorSetup,
} from '@memories/contracts';
import { signTestAccessToken } from '@memories/server-testing';
import {
  CLIENT_HEADERS,
  cookieValue,
  startAuthOverNats,
  type Answer,
  type AuthOverNats,
} from './support/auth-over-nats';

// Account security through HTTP, NATS and PostgreSQL: sessions, change password, reset links, two-factor sign-in
// and passkeys, each with what it must refuse. The auth service and the gateway run as separate apps over a real
// nats-server.

const PASSWORD = 'secret-one';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface Account {
  id: string;
  email: string;
  token: string;
  /** The refresh token of the session the account was signed in with. */
  refresh: string;
}

describe('account security over HTTP, NATS and PostgreSQL', () => {
  let system: AuthOverNats;

  beforeAll(async () => {
    system = await startAuthOverNats('http://localhost:4380');
  });

  afterAll(async () => {
    await system?.stop();
  });

  const call = <T>(...args: Parameters<AuthOverNats['call']>) => system.call<T>(...args);

  async function login(
    email: string,
    options: { password?: string; userAgent?: string; on?: string } = {},
  ): Promise<Answer<AuthSession & TwoFactorChallenge>> {
    return call('POST', '/auth/login', {
      body: { email, password: options.password ?? PASSWORD, rememberMe: false },
      headers: options.userAgent ? { 'user-agent': options.userAgent } : {},
      on: options.on,
    });
  }

  async function signUp(label: string, userAgent = CHROME): Promise<Account> {
    const email = `${label}-${randomUUID()}@example.com`;
    const registered = await call<{ id: string }>('POST', '/auth/register', {
      body: { name: 'Ada Lovelace', email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status).toBe(201);
    const session = await login(email, { userAgent });
    return {
      id: registered.body.data.id,
      email,
      token: session.body.data.accessToken,
      refresh: cookieValue(session.cookie),
    };
  }

  const refresh = (token: string, userAgent?: string) =>
    call<AuthSession>('POST', '/auth/refresh', {
      refresh: token,
      headers: { ...CLIENT_HEADERS, ...(userAgent ? { 'user-agent': userAgent } : {}) },
    });
  const sessionsOf = (account: Account, refreshToken = account.refresh) =>
    call<AccountSession[]>('GET', '/auth/sessions', { token: account.token, refresh: refreshToken });

  describe('sessions', () => {
    it('lists each signed-in device with its browser, creation and last use, and marks the caller’s own', async () => {
      const ada = await signUp('sessions', CHROME);
      const elsewhere = await login(ada.email, { userAgent: FIREFOX });

      const listed = await sessionsOf(ada);

      expect(listed.status).toBe(200);
      expect(listed.body.data).toHaveLength(2);
      const [mine, other] = [listed.body.data.find((s) => s.current), listed.body.data.find((s) => !s.current)];
      expect(mine).toMatchObject({ browser: 'Chrome on Linux', current: true });
      expect(other).toMatchObject({ browser: 'Firefox on Windows', current: false });
      expect(Date.parse(mine?.createdAt ?? '')).not.toBeNaN();

      // A refresh is a use: the rotated token still belongs to the same session, now used later.
      const rotated = await refresh(cookieValue(elsewhere.cookie), FIREFOX);
      const after = (await sessionsOf(ada)).body.data.find((s) => s.id === other?.id);
      expect(rotated.status).toBe(200);
      expect(Date.parse(after?.lastUsedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(other?.lastUsedAt ?? ''));
      expect((await sessionsOf(ada)).body.data).toHaveLength(2);
    });

    it('signs out one device: it can no longer refresh, and the caller stays signed in', async () => {
      const ada = await signUp('revoke-one');
      const elsewhere = cookieValue((await login(ada.email, { userAgent: FIREFOX })).cookie);
      const other = (await sessionsOf(ada)).body.data.find((s) => !s.current);

      const revoked = await call('DELETE', `/auth/sessions/${other?.id}`, { token: ada.token });

      expect(revoked.status).toBe(200);
      expect(revoked.body.message).toBe('That device has been signed out.');
      expect((await refresh(elsewhere)).status).toBe(401);
      expect((await refresh(ada.refresh)).status).toBe(200);
      expect((await call('DELETE', `/auth/sessions/${other?.id}`, { token: ada.token })).status).toBe(404);
    });

    it('signs out every other device and keeps the caller’s (all of them without a cookie)', async () => {
      const ada = await signUp('revoke-others');
      const others = [await login(ada.email), await login(ada.email)].map((answer) => cookieValue(answer.cookie));

      const answer = await call<{ signedOut: number }>('POST', '/auth/sessions/revoke-others', {
        token: ada.token,
        refresh: ada.refresh,
      });

      expect(answer.body).toEqual({
        success: true,
        message: 'Every other device has been signed out.',
        data: { signedOut: 2 },
      });
      for (const token of others) expect((await refresh(token)).status).toBe(401);
      const kept = await refresh(ada.refresh);
      expect(kept.status).toBe(200);
      expect(
        (await call<{ signedOut: number }>('POST', '/auth/sessions/revoke-others', { token: ada.token })).body.data
          .signedOut,
      ).toBe(1);
      expect((await refresh(cookieValue(kept.cookie))).status).toBe(401);
    });
  });

  describe('change password', () => {
    it('refuses a wrong current password and a mismatched confirmation with 400 and a message', async () => {
      const ada = await signUp('change-refused');

      const wrong = await call('PUT', '/auth/change-password', {
        token: ada.token,
        body: { currentPassword: 'nope', newPassword: 'secret-two', confirmPassword: 'secret-two' },
      });
      const mismatch = await call('PUT', '/auth/change-password', {
        token: ada.token,
        body: { currentPassword: PASSWORD, newPassword: 'secret-two', confirmPassword: 'secret-tw0' },
      });

      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('Passwords do not match');
      expect((await login(ada.email)).status).toBe(200);
    });

    it('revokes every other session and keeps this one; only the new password signs in', async () => {
      const ada = await signUp('change');
      const elsewhere = cookieValue((await login(ada.email)).cookie);

      const changed = await call('PUT', '/auth/change-password', {
        token: ada.token,
        refresh: ada.refresh,
        body: { currentPassword: PASSWORD, newPassword: 'secret-two', confirmPassword: 'secret-two' },
      });

      expect(changed.status).toBe(200);
      expect((await refresh(elsewhere)).status).toBe(401);
      expect((await refresh(ada.refresh)).status).toBe(200);
      expect((await login(ada.email)).status).toBe(401);
      expect((await login(ada.email, { password: 'secret-two' })).status).toBe(200);
    });
  });

  describe('reset links', () => {
    const resetLinkFor = async (email: string) => {
      await call('POST', '/auth/forgot-password', { body: { email } });
      const mail = [...system.mails].reverse().find((m) => m.to === email && /Reset/.test(m.subject));
      // In the fragment, which browsers never send: the token reaches no access log.
      return /http:\/\/localhost:4380\/reset-password#token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    };
    const reset = (token: string, password = 'brand-new-1', removePasskeys?: boolean) =>
      call('POST', '/auth/reset-password', {
        body: {
          token,
          newPassword: password,
          confirmPassword: password,
          ...(removePasskeys ? { removePasskeys } : {}),
        },
      });

    it('remove every passkey of the account when the reset asks for it, and keep them otherwise', async () => {
      const [kept, cleared] = await Promise.all([signUp('reset-keeps-passkeys'), signUp('reset-clears-passkeys')]);
      const addPasskey = (account: Account) =>
        system.db.query(
          `INSERT INTO auth.passkeys (user_id, credential_id, public_key, counter, name) VALUES ($1, $2, 'x', 0, 'Lost phone')`,
          [account.id, randomUUID()],
        );
      await Promise.all([addPasskey(kept), addPasskey(cleared), addPasskey(cleared)]);

      expect((await reset(await resetLinkFor(kept.email))).status).toBe(200);
      expect((await reset(await resetLinkFor(cleared.email), 'brand-new-1', true)).status).toBe(200);

      const left = await system.db.query(
        'SELECT user_id, count(*)::int AS passkeys FROM auth.passkeys WHERE user_id = ANY ($1) GROUP BY user_id',
        [[kept.id, cleared.id]],
      );
      expect(left.rows).toEqual([{ user_id: kept.id, passkeys: 1 }]);
    });

    it('are stored hashed, valid 30 minutes, single-use, and end every session', async () => {
      const ada = await signUp('reset');
      const token = await resetLinkFor(ada.email);
      const stored = await system.db.query(
        `SELECT token_hash, extract(epoch FROM expires_at - created_at) AS lifetime FROM auth.action_tokens WHERE purpose = 'password-reset' AND user_id = $1`,
        [ada.id],
      );
      expect(stored.rows).toEqual([
        { token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), lifetime: expect.anything() },
      ]);
      expect(stored.rows[0].token_hash).not.toContain(token);
      expect(Math.round(Number(stored.rows[0].lifetime))).toBe(1800);

      expect((await reset(token)).status).toBe(200);
      expect((await refresh(ada.refresh)).status).toBe(401);
      const again = await reset(token, 'another-one');
      expect(again.status).toBe(400);
      expect(again.body.message).toBe('This password reset link is invalid or has expired');
      expect((await login(ada.email, { password: 'brand-new-1' })).status).toBe(200);
    });

    it('refuse an expired link, and a new password that does not match its confirmation', async () => {
      const ada = await signUp('reset-expired');
      const token = await resetLinkFor(ada.email);

      const mismatch = await call('POST', '/auth/reset-password', {
        body: { token, newPassword: 'brand-new-1', confirmPassword: 'brand-new-2' },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe('Passwords do not match');

      // 31 minutes later.
      await system.db.query(
        `UPDATE auth.action_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
        [ada.id],
      );
      const expired = await reset(token);
      expect(expired.status).toBe(400);
      expect(expired.body.error?.code).toBe('RESET_TOKEN_INVALID');
      expect((await login(ada.email)).status).toBe(200);
    });
  });

  describe('two-factor sign-in', () => {
    /** The code of the time step `steps` away from now. */
    const codeAt = (secret: string, steps = 0) =>
      generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

    async function enable(account: Account): Promise<{ secret: string; recoveryCodes: string[] }> {
      const setup = await call<TwoFactorSetup>('POST', '/auth/two-factor/setup', {
        token: account.token,
        body: { password: PASSWORD },
      });
      expect(setup.status).toBe(200);
      const { secret } = setup.body.data;
      const enabled = await call<RecoveryCodes>('POST', '/auth/two-factor/enable', {
        token: account.token,
        body: { code: await codeAt(secret) },
      });
      expect(enabled.status).toBe(200);
      return { secret, recoveryCodes: enabled.body.data.recoveryCodes };
    }

    const secondStep = (challengeToken: string, code: string) =>
      call<AuthSession>('POST', '/auth/login/two-factor', {
        body: { challengeToken, code },
        headers: { 'user-agent': FIREFOX },
      });

    it('is set up only once the password is confirmed: an access token alone turns nothing on', async () => {
      const ada = await signUp('totp-password');

      const without = await call('POST', '/auth/two-factor/setup', { token: ada.token, body: {} });
      const wrong = await call('POST', '/auth/two-factor/setup', { token: ada.token, body: { password: 'guessed' } });

      expect(without.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error?.code).toBe('CURRENT_PASSWORD_INVALID');
      const pending = await system.db.query('SELECT 1 FROM auth.two_factor WHERE user_id = $1', [ada.id]);
      expect(pending.rows).toEqual([]);
    });

    it('is set up with a QR code, confirmed by a first code, and gives 10 recovery codes once', async () => {
      const ada = await signUp('totp-setup');
      const setup = await call<TwoFactorSetup>('POST', '/auth/two-factor/setup', {
        token: ada.token,
        body: { password: PASSWORD },
      });

      expect(setup.body.data).toEqual({
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/Memories:.+\?secret=[A-Z2-7]+&issuer=Memories$/),
        qrCodeDataUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      });
      expect((await call('GET', '/auth/two-factor', { token: ada.token })).body.data).toEqual({
        enabled: false,
        recoveryCodesLeft: 0,
      });
      const wrong = await call('POST', '/auth/two-factor/enable', { token: ada.token, body: { code: '000000' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('That code did not work. Check your authenticator app and try again.');

      const enabled = await call<RecoveryCodes>('POST', '/auth/two-factor/enable', {
        token: ada.token,
        body: { code: await codeAt(setup.body.data.secret) },
      });
      expect(enabled.status).toBe(200);
      expect(enabled.body.data.recoveryCodes).toHaveLength(10);
      expect(new Set(enabled.body.data.recoveryCodes).size).toBe(10);
      expect((await call('GET', '/auth/two-factor', { token: ada.token })).body.data).toEqual({
        enabled: true,
        recoveryCodesLeft: 10,
      });
      const stored = await system.db.query('SELECT code_hash FROM auth.recovery_codes WHERE user_id = $1', [ada.id]);
      expect(stored.rows).toHaveLength(10);
      for (const code of enabled.body.data.recoveryCodes)
        expect(JSON.stringify(stored.rows)).not.toContain(code.replace(/-/g, ''));
      expect(
        (await call('POST', '/auth/two-factor/setup', { token: ada.token, body: { password: PASSWORD } })).status,
      ).toBe(409);
    });

    it('makes the password step answer only a challenge, which grants nothing on its own', async () => {
      const ada = await signUp('totp-challenge');
      await enable(ada);

      const first = await login(ada.email);

      expect(first.status).toBe(200);
      expect(first.body.message).toBe('Enter the 6-digit code from your authenticator app.');
      expect(first.body.data).toEqual({
        twoFactorRequired: true,
        challengeToken: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(first.cookie).toBeUndefined();
      const challenge = first.body.data.challengeToken;
      expect((await call('GET', '/auth/profile', { token: challenge })).status).toBe(401);
      expect((await call('GET', '/auth/sessions', { token: challenge })).status).toBe(401);
      expect((await refresh(challenge)).status).toBe(401);
    });

    it('refuses a replayed code, a wrong code, an access token or an expired challenge in the second step', async () => {
      const ada = await signUp('totp-replay');
      const { secret } = await enable(ada);
      const challenge = (await login(ada.email)).body.data.challengeToken;

      // The code that confirmed the set-up was used in its time step: it cannot sign in.
      const replayed = await secondStep(challenge, await codeAt(secret));
      expect(replayed.status).toBe(401);
      expect(replayed.body.error?.code).toBe('TWO_FACTOR_CODE_UNAUTHORIZED');
      const next = await codeAt(secret, 1);
      const signedIn = await secondStep(challenge, next);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.data.user.email).toBe(ada.email);
      expect(signedIn.cookie).toMatch(/HttpOnly/);
      const sessions = (
        await sessionsOf({ ...ada, token: signedIn.body.data.accessToken }, cookieValue(signedIn.cookie))
      ).body.data;
      expect(sessions.find((s) => s.current)?.browser).toBe('Firefox on Windows');
      expect((await secondStep(challenge, next)).status).toBe(401);

      const expired = signTestAccessToken(system.keys.privateKey, ada.id, {
        typ: 'two-factor',
        aud: 'memories-two-factor',
        rem: false,
        exp: Math.floor(Date.now() / 1000) - 1,
      });
      const late = await secondStep(expired, await codeAt(secret, 2));
      expect(late.status).toBe(401);
      expect(late.body.message).toBe('Your sign-in took too long. Please log in again.');
      const accessToken = signTestAccessToken(system.keys.privateKey, ada.id);
      expect((await secondStep(accessToken, await codeAt(secret, 2))).body.error?.code).toBe(
        'TWO_FACTOR_CHALLENGE_UNAUTHORIZED',
      );
    });

    it('accepts each recovery code once, in any letter case and spacing', async () => {
      const ada = await signUp('totp-recovery');
      const { recoveryCodes } = await enable(ada);
      const challenge = (await login(ada.email)).body.data.challengeToken;

      const used = await secondStep(challenge, ` ${recoveryCodes[3].toUpperCase().replace('-', ' ')} `);
      expect(used.status).toBe(200);
      expect((await secondStep(challenge, recoveryCodes[3])).status).toBe(401);
      expect((await call('GET', '/auth/two-factor', { token: ada.token })).body.data).toEqual({
        enabled: true,
        recoveryCodesLeft: 9,
      });
    });

    it('allows 5 codes per account within 5 minutes, whatever their address, then answers 429 even to a right code', async () => {
      const ada = await signUp('totp-limit');
      const { secret } = await enable(ada);
      const challenge = (await login(ada.email)).body.data.challengeToken;

      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) statuses.push((await secondStep(challenge, '111111')).status);
      const blocked = await secondStep(challenge, await codeAt(secret, 1));

      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many wrong codes. Please wait 5 minutes and try again.');
      // 5 minutes later the budget is back.
      await system.db.query(
        `UPDATE auth.two_factor SET failures_since = now() - interval '6 minutes' WHERE user_id = $1`,
        [ada.id],
      );
      expect((await secondStep(challenge, await codeAt(secret, 1))).status).toBe(200);
    });

    it('is turned off only with the password, after which the password alone signs in again', async () => {
      const ada = await signUp('totp-off');
      const { recoveryCodes } = await enable(ada);

      const wrong = await call('POST', '/auth/two-factor/disable', { token: ada.token, body: { password: 'nope' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Current password is incorrect');
      const replaced = await call<RecoveryCodes>('POST', '/auth/two-factor/recovery-codes', {
        token: ada.token,
        body: { password: PASSWORD },
      });
      expect(replaced.body.data.recoveryCodes).toHaveLength(10);
      expect(replaced.body.data.recoveryCodes).not.toContain(recoveryCodes[0]);

      const off = await call('POST', '/auth/two-factor/disable', { token: ada.token, body: { password: PASSWORD } });
      expect(off.status).toBe(200);
      expect(off.body.data).toEqual({ enabled: false, recoveryCodesLeft: 0 });
      expect((await login(ada.email)).body.data.accessToken).toEqual(expect.any(String));
      expect((await system.db.query('SELECT 1 FROM auth.recovery_codes WHERE user_id = $1', [ada.id])).rowCount).toBe(
        0,
      );
      expect(
        (await call('POST', '/auth/two-factor/disable', { token: ada.token, body: { password: PASSWORD } })).status,
      ).toBe(409);
    });
  });

  describe('passkeys', () => {
    /** A stored passkey, as a registration through the browser leaves it (the ceremony itself is proven in e2e). */
    async function storedPasskey(account: Account, name: string): Promise<string> {
      const { rows } = await system.db.query(
        `INSERT INTO auth.passkeys (user_id, credential_id, public_key, counter, name) VALUES ($1, $2, $3, 0, $4) RETURNING id`,
        [account.id, randomUUID(), Buffer.from('not-a-real-key'), name],
      );
      return rows[0].id as string;
    }

    it('answers options for this relying party (PUBLIC_URL) with a single-use challenge', async () => {
      const ada = await signUp('passkey-options');

      const signIn = await call<PasskeyCeremonyOptions>('POST', '/auth/passkeys/authentication-options');
      const registration = await call<PasskeyCeremonyOptions>('POST', '/auth/passkeys/registration-options', {
        token: ada.token,
        body: { password: PASSWORD },
      });

      expect(signIn.body.data).toMatchObject({
        challengeId: expect.any(String),
        origin: 'http://localhost:4380',
        options: { rpId: 'localhost', userVerification: 'required' },
      });
      expect(registration.body.data).toMatchObject({
        origin: 'http://localhost:4380',
        options: {
          rp: { id: 'localhost', name: 'Memories' },
          user: { name: ada.email },
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        },
      });
    });

    it('asks for the password before a passkey can be added: an access token alone enrols nothing', async () => {
      const ada = await signUp('passkey-password');

      const without = await call('POST', '/auth/passkeys/registration-options', { token: ada.token, body: {} });
      const wrong = await call('POST', '/auth/passkeys/registration-options', {
        token: ada.token,
        body: { password: 'guessed' },
      });

      expect(without.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error?.code).toBe('CURRENT_PASSWORD_INVALID');
    });

    it('refuses an answer that does not verify, and a challenge used once already', async () => {
      const ada = await signUp('passkey-forged');
      const { challengeId } = (await call<PasskeyCeremonyOptions>('POST', '/auth/passkeys/authentication-options')).body
        .data;
      const passkeyId = await storedPasskey(ada, 'Forged');
      const credentialId = (await system.db.query('SELECT credential_id FROM auth.passkeys WHERE id = $1', [passkeyId]))
        .rows[0].credential_id as string;
      const forged = {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
      };

      const first = await call('POST', '/auth/login/passkey', {
        body: { challengeId, response: forged, rememberMe: false },
      });
      const second = await call('POST', '/auth/login/passkey', {
        body: { challengeId, response: forged, rememberMe: false },
      });

      expect(first.status).toBe(401);
      expect(first.body.message).toBe('This passkey could not sign you in. Try again, or log in with your password.');
      expect(second.status).toBe(401);
      expect(first.cookie).toBeUndefined();
      const registration = await call<PasskeyCeremonyOptions>('POST', '/auth/passkeys/registration-options', {
        token: ada.token,
        body: { password: PASSWORD },
      });
      const added = await call('POST', '/auth/passkeys', {
        token: ada.token,
        body: {
          challengeId: registration.body.data.challengeId,
          response: { ...forged, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
        },
      });
      expect(added.status).toBe(400);
      expect(added.body.message).toBe('The passkey could not be added. Please try again.');
    });

    it('are listed for their owner only, and the last one is removed only with the password', async () => {
      const ada = await signUp('passkey-owner');
      const grace = await signUp('passkey-stranger');
      const [laptop, phone] = [await storedPasskey(ada, 'Laptop'), await storedPasskey(ada, 'Phone')];

      const listed = await call<PasskeySummary[]>('GET', '/auth/passkeys', { token: ada.token });
      expect(listed.body.data.map((p) => p.name)).toEqual(['Laptop', 'Phone']);
      expect((await call<PasskeySummary[]>('GET', '/auth/passkeys', { token: grace.token })).body.data).toEqual([]);
      expect(
        (await call('DELETE', `/auth/passkeys/${laptop}`, { token: grace.token, body: { password: PASSWORD } })).status,
      ).toBe(404);

      expect((await call('DELETE', `/auth/passkeys/${laptop}`, { token: ada.token })).status).toBe(200);
      const withoutPassword = await call('DELETE', `/auth/passkeys/${phone}`, { token: ada.token, body: {} });
      expect(withoutPassword.status).toBe(400);
      expect(withoutPassword.body.message).toBe('Enter your password to confirm.');
      expect(
        (await call('DELETE', `/auth/passkeys/${phone}`, { token: ada.token, body: { password: 'nope' } })).status,
      ).toBe(400);
      expect(
        (await call('DELETE', `/auth/passkeys/${phone}`, { token: ada.token, body: { password: PASSWORD } })).status,
      ).toBe(200);
      expect((await call<PasskeySummary[]>('GET', '/auth/passkeys', { token: ada.token })).body.data).toEqual([]);
    });
  });

  describe('authorization matrix', () => {
    let owner: Account;
    let stranger: Account;
    let sessionId: string;
    let passkeyId: string;

    beforeAll(async () => {
      owner = await signUp('matrix-owner');
      stranger = await signUp('matrix-stranger');
      sessionId = (await sessionsOf(owner)).body.data[0].id;
      passkeyId = (
        await system.db.query(
          `INSERT INTO auth.passkeys (user_id, credential_id, public_key, counter, name) VALUES ($1, $2, 'x', 0, 'Key') RETURNING id`,
          [owner.id, randomUUID()],
        )
      ).rows[0].id as string;
    });

    // Every account security endpoint that needs a session: 401 without a token; what belongs to another account is
    // "not found" to a stranger, and left as it was.
    const signedIn: Array<[string, string, () => string, unknown]> = [
      ['GET', 'sessions', () => '/auth/sessions', undefined],
      ['POST', 'revoke other sessions', () => '/auth/sessions/revoke-others', undefined],
      ['DELETE', 'a session', () => `/auth/sessions/${sessionId}`, undefined],
      ['GET', 'two-factor status', () => '/auth/two-factor', undefined],
      ['POST', 'two-factor set-up', () => '/auth/two-factor/setup', { password: PASSWORD }],
      ['POST', 'two-factor enable', () => '/auth/two-factor/enable', { code: '123456' }],
      ['POST', 'two-factor disable', () => '/auth/two-factor/disable', { password: PASSWORD }],
      ['POST', 'new recovery codes', () => '/auth/two-factor/recovery-codes', { password: PASSWORD }],
      ['GET', 'passkeys', () => '/auth/passkeys', undefined],
      ['POST', 'passkey registration options', () => '/auth/passkeys/registration-options', { password: PASSWORD }],
      [
        'POST',
        'passkey registration',
        () => '/auth/passkeys',
        {
          challengeId: randomUUID(),
          response: {
            id: 'a',
            rawId: 'a',
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: 'a', attestationObject: 'a' },
          },
        },
      ],
      ['DELETE', 'a passkey', () => `/auth/passkeys/${passkeyId}`, { password: PASSWORD }],
      [
        'PUT',
        'change password',
        () => '/auth/change-password',
        { currentPassword: PASSWORD, newPassword: 'whatever-1', confirmPassword: 'whatever-1' },
      ],
    ];

    it.each(signedIn)('%s %s answers 401 to anonymous callers', async (method, _name, path, body) => {
      const answer = await call(method, path(), { body });

      expect(answer.status).toBe(401);
      expect(answer.body.error?.code).toBe('ACCESS_TOKEN_UNAUTHORIZED');
    });

    it.each([
      ['DELETE', '/auth/sessions/', () => sessionId, 'SESSION_NOT_FOUND'],
      ['DELETE', '/auth/passkeys/', () => passkeyId, 'PASSKEY_NOT_FOUND'],
    ])('%s %s<another account’s id> answers 404 and changes nothing', async (method, prefix, id, code) => {
      const answer = await call(method, `${prefix}${id()}`, { token: stranger.token, body: { password: PASSWORD } });

      expect(answer.status).toBe(404);
      expect(answer.body.error?.code).toBe(code);
      expect((await sessionsOf(owner)).body.data.map((s) => s.id)).toContain(sessionId);
      expect(
        (await call<PasskeySummary[]>('GET', '/auth/passkeys', { token: owner.token })).body.data.map((p) => p.id),
      ).toEqual([passkeyId]);
    });

    it('answers 400 for an id that is not a UUID', async () => {
      expect((await call('DELETE', '/auth/sessions/not-a-uuid', { token: owner.token })).status).toBe(400);
      expect((await call('DELETE', '/auth/passkeys/42', { token: owner.token })).status).toBe(400);
    });

    it('lists only the caller’s own sessions', async () => {
      expect((await sessionsOf(stranger)).body.data.map((s) => s.id)).not.toContain(sessionId);
    });
  });

  describe('rate limits', () => {
    it('answer 429 on each credential endpoint once its per-address budget is spent', async () => {
      const strict = await system.gateway({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
      for (const [path, body] of [
        ['/auth/login/two-factor', { challengeToken: 'x', code: '123456' }],
        [
          '/auth/login/passkey',
          {
            challengeId: randomUUID(),
            rememberMe: false,
            response: {
              id: 'a',
              rawId: 'a',
              type: 'public-key',
              clientExtensionResults: {},
              response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' },
            },
          },
        ],
        ['/auth/passkeys/authentication-options', undefined],
      ] as const) {
        const statuses = [];
        for (let attempt = 0; attempt < 3; attempt += 1)
          statuses.push((await call('POST', path, { body, on: strict })).status);
        expect(statuses[2]).toBe(429);
      }
    });
  });

  it('documents every account security endpoint in OpenAPI', async () => {
    const document = await (await fetch(`${system.base}/api/docs/json`)).json();

    for (const path of [
      '/api/auth/sessions',
      '/api/auth/sessions/revoke-others',
      '/api/auth/sessions/{id}',
      '/api/auth/login/two-factor',
      '/api/auth/two-factor',
      '/api/auth/two-factor/setup',
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/disable',
      '/api/auth/two-factor/recovery-codes',
      '/api/auth/passkeys',
      '/api/auth/passkeys/{id}',
      '/api/auth/passkeys/registration-options',
      '/api/auth/passkeys/authentication-options',
      '/api/auth/login/passkey',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });
});
