import { createPublicKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  REGISTRATION_MESSAGES,
  USER_MESSAGES,
  type RegistrationPayload,
  type SessionGrant,
  type TwoFactorChallenge,
} from '@memories/contracts';
import { DomainError, generateEs256KeyPair, type MailSender } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { ActionTokenRepository } from '../action-tokens/action-token.repository';
import type { AccountAdmission } from '../admin/account-admission.service';
import { loadAuthConfig, type AuthConfig } from '../config/auth.config';
import { AccessTokenSigner } from '../crypto/access-token.signer';
import type { Clock } from '../crypto/clock';
import type { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { ActionLinks } from '../recovery/action-links';
import type { RefreshTokenRecord, RefreshTokenRepository } from '../sessions/refresh-token.repository';
import { SessionIssuer } from '../sessions/session-issuer';
import type { SessionRepository } from '../sessions/session.repository';
import { SessionsService } from '../sessions/sessions.service';
import type { IdentityProviderClient } from '../single-sign-on/identity-provider.client';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import { ProviderLogout } from '../single-sign-on/provider-logout';
import type { SignInFailuresRepository } from '../sign-in-limits/sign-in-failures.repository';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import { AuthService, REFRESH_REUSE_INTERVAL_MS } from './auth.service';
import { PersonalAccessTokensService } from '../tokens/personal-access-tokens.service';
import type { InstanceSettingsRepository } from '../admin/instance-settings.repository';

/** The instance owner never turned password sign-in on from the command line. */
const NO_OVERRIDE = { passwordLogin: async () => null } as unknown as InstanceSettingsRepository;

const keys = generateEs256KeyPair();
const config = loadAuthConfig({
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: keys.privateKey,
  PUBLIC_URL: 'http://app.test',
});
const singleSignOnOnly = loadAuthConfig({
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: keys.privateKey,
  PUBLIC_URL: 'http://app.test',
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'memories',
  OIDC_LOGOUT: 'true',
  PASSWORD_LOGIN: 'false',
});
const NOW = new Date('2026-03-01T10:00:00Z');
const secrets = new SecretTokenGenerator();

const ada: UserRecord = {
  id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  passwordHash: '$argon2id$hash-of-secret1',
  emailVerifiedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  role: 'member',
  disabledAt: null,
};
const disabledAda: UserRecord = { ...ada, disabledAt: new Date('2026-02-01T00:00:00Z') };

function refreshRecord(changes: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord {
  return {
    id: 'rt-1',
    userId: ada.id,
    familyId: 'family-1',
    persistent: true,
    expiresAt: new Date(NOW.getTime() + 86_400_000),
    revokedAt: null,
    replacedBy: null,
    ...changes,
  };
}

const registration: RegistrationPayload = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  confirmPassword: 'secret1',
};

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('AuthService', () => {
  let users: StrictMock<UserRepository>;
  let admission: StrictMock<AccountAdmission>;
  let refreshTokens: StrictMock<RefreshTokenRepository>;
  let sessions: StrictMock<SessionRepository>;
  let twoFactor: StrictMock<TwoFactorService>;
  let actionTokens: StrictMock<ActionTokenRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let mail: StrictMock<MailSender>;
  let clock: StrictMock<Clock>;
  let provider: StrictMock<IdentityProviderClient>;
  let signInFailures: StrictMock<SignInFailuresRepository>;
  let service: AuthService;
  /** The service with other settings (single sign-on, password sign-in off). */
  let serviceWith: (settings: AuthConfig) => AuthService;

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    admission = strictMock<AccountAdmission>('AccountAdmission');
    refreshTokens = strictMock<RefreshTokenRepository>('RefreshTokenRepository');
    sessions = strictMock<SessionRepository>('SessionRepository');
    twoFactor = strictMock<TwoFactorService>('TwoFactorService');
    actionTokens = strictMock<ActionTokenRepository>('ActionTokenRepository');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    mail = strictMock<MailSender>('MailSender');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    signInFailures = strictMock<SignInFailuresRepository>('SignInFailuresRepository');
    signInFailures.isPaused.mockResolvedValue(false);
    signInFailures.recordFailure.mockResolvedValue(undefined);
    signInFailures.clear.mockResolvedValue(undefined);
    const sessionRepository = sessions as unknown as SessionRepository;
    const refreshTokenRepository = refreshTokens as unknown as RefreshTokenRepository;
    const actionTokenRepository = actionTokens as unknown as ActionTokenRepository;
    const theClock = clock as unknown as Clock;
    provider = strictMock<IdentityProviderClient>('IdentityProviderClient');
    provider.isConfigured.mockReturnValue(true);
    serviceWith = (settings) =>
      new AuthService(
        users as unknown as UserRepository,
        admission as unknown as AccountAdmission,
        refreshTokenRepository,
        sessionRepository,
        new SessionIssuer(config, sessionRepository, secrets, new AccessTokenSigner(config), theClock),
        new SessionsService(
          sessionRepository,
          refreshTokenRepository,
          secrets,
          theClock,
          strictMock<PersonalAccessTokensService>(
            'PersonalAccessTokensService',
          ) as unknown as PersonalAccessTokensService,
        ),
        twoFactor as unknown as TwoFactorService,
        actionTokenRepository,
        new ActionLinks(config, actionTokenRepository, secrets, mail as unknown as MailSender, theClock),
        hasher as unknown as PasswordHasher,
        secrets,
        theClock,
        new PasswordLoginPolicy(settings, NO_OVERRIDE),
        new ProviderLogout(settings, sessionRepository, provider as unknown as IdentityProviderClient),
        signInFailures as unknown as SignInFailuresRepository,
      );
    service = serviceWith(config);
  });

  describe('with password sign-in off (PASSWORD_LOGIN=false)', () => {
    it('refuses to sign in or register with 403 PASSWORD_LOGIN_FORBIDDEN, before looking at any account', async () => {
      const ssoOnly = serviceWith(singleSignOnOnly);

      const login = await rejection(ssoOnly.login({ email: ada.email, password: 'secret1', rememberMe: false }));
      const register = await rejection(ssoOnly.register(registration));

      expect([login.code, register.code]).toEqual(['PASSWORD_LOGIN_FORBIDDEN', 'PASSWORD_LOGIN_FORBIDDEN']);
      expect(login.message).toBe('Password sign-in is turned off on this instance. Please use single sign-on.');
      expect(users.findByEmail).not.toHaveBeenCalled();
    });
  });

  describe('register', () => {
    it('creates the user with an Argon2 hash, if the sign-up rules let the address in, and sends a verification link', async () => {
      users.findByEmail.mockResolvedValue(null);
      hasher.hash.mockResolvedValue('$argon2id$new');
      admission.admit.mockImplementation(async (_email, _invite, makeUser) => {
        await expect(makeUser()).resolves.toEqual({
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          phoneNumber: null,
          passwordHash: '$argon2id$new',
        });
        return ada;
      });
      actionTokens.create.mockResolvedValue(undefined);
      mail.send.mockResolvedValue(undefined);

      const user = await service.register({ ...registration, email: '  ada@example.com ', inviteToken: 'invite' });

      expect(user).toEqual({
        id: ada.id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phoneNumber: null,
        profileImageUrl: null,
        emailVerified: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        role: 'member',
      });
      expect(user).not.toHaveProperty('passwordHash');
      expect(admission.admit).toHaveBeenCalledWith('ada@example.com', 'invite', expect.any(Function));
      expect(actionTokens.create).toHaveBeenCalledWith(
        expect.objectContaining({ userId: ada.id, purpose: 'email-verification' }),
      );
      expect(mail.send).toHaveBeenCalledWith(
        expect.objectContaining({
          to: 'ada@example.com',
          text: expect.stringMatching(/http:\/\/app\.test\/verify-email#token=[\w-]{43}/),
        }),
      );
    });

    it('sends no verification link to an address an invite reached (it counts as verified)', async () => {
      users.findByEmail.mockResolvedValue(null);
      admission.admit.mockResolvedValue({ ...ada, emailVerifiedAt: NOW });

      await expect(service.register(registration)).resolves.toMatchObject({ emailVerified: true });
      expect(mail.send).not.toHaveBeenCalled();
    });

    it('answers 409-coded USER_ALREADY_EXISTS for a taken e-mail, whatever its case', async () => {
      users.findByEmail.mockResolvedValue(ada);

      const error = await rejection(service.register({ ...registration, email: 'ADA@example.com' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.USER_ALREADY_EXISTS);
      expect(users.findByEmail).toHaveBeenCalledWith('ADA@example.com');
    });

    it.each([
      [{ name: '   ' }, REGISTRATION_MESSAGES.firstNameRequired],
      [{ name: 'Ada' }, REGISTRATION_MESSAGES.lastNameRequired],
      [{ email: '' }, REGISTRATION_MESSAGES.emailRequired],
      [{ email: 'ada@example' }, REGISTRATION_MESSAGES.emailInvalid],
      [{ phoneNumber: '12-34' }, REGISTRATION_MESSAGES.phoneNumberInvalid],
      [{ password: '', confirmPassword: '' }, REGISTRATION_MESSAGES.passwordRequired],
      [{ password: 'abc12', confirmPassword: 'abc12' }, REGISTRATION_MESSAGES.passwordTooShort],
      [{ confirmPassword: 'secret2' }, REGISTRATION_MESSAGES.passwordsDoNotMatch],
    ])('refuses %j with the message "%s" and touches nothing', async (change, message) => {
      const error = await rejection(service.register({ ...registration, ...change }));

      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(message);
    });

    it('reports only the first failing rule, in the form order', async () => {
      const error = await rejection(
        service.register({ name: 'Ada', email: 'bad', password: '1', confirmPassword: '2' }),
      );

      expect(error.message).toBe(REGISTRATION_MESSAGES.lastNameRequired);
    });
  });

  describe('login', () => {
    it('refuses every guess for an address paused by too many failures, before any password is checked', async () => {
      signInFailures.isPaused.mockResolvedValue(true);

      const refused = await rejection(
        service.login({ email: 'ada@example.com', password: 'secret1', rememberMe: false }),
      );

      expect([refused.code, refused.message]).toEqual([
        AUTH_ERROR_CODES.AUTH_RATE_LIMITED,
        AUTH_MESSAGES.accountSignInPaused,
      ]);
      expect(hasher.verify).not.toHaveBeenCalled();
    });

    it('counts a failure for a wrong password and for an unknown address alike, and forgets them on success', async () => {
      users.findByEmail.mockResolvedValueOnce(null).mockResolvedValueOnce(ada).mockResolvedValueOnce(ada);
      hasher.verifyAgainstDummy.mockResolvedValue(false);
      hasher.verify.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
      twoFactor.isEnabled.mockResolvedValue(false);
      sessions.create.mockResolvedValue(undefined);

      await rejection(service.login({ email: 'nobody@example.com', password: 'x', rememberMe: false }));
      await rejection(service.login({ email: 'ada@example.com', password: 'wrong', rememberMe: false }));
      await service.login({ email: 'ada@example.com', password: 'secret1', rememberMe: false });

      expect(signInFailures.recordFailure.mock.calls).toEqual([['nobody@example.com'], ['ada@example.com']]);
      expect(signInFailures.clear).toHaveBeenCalledWith('ada@example.com');
    });

    it('gives the same error for an unknown e-mail and a wrong password, checking a dummy hash for the unknown one', async () => {
      users.findByEmail.mockResolvedValueOnce(null).mockResolvedValueOnce(ada);
      hasher.verifyAgainstDummy.mockResolvedValue(false);
      hasher.verify.mockResolvedValue(false);

      const unknown = await rejection(
        service.login({ email: 'nobody@example.com', password: 'secret1', rememberMe: false }),
      );
      const wrong = await rejection(service.login({ email: 'ada@example.com', password: 'wrong', rememberMe: false }));

      expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
      expect(unknown.code).toBe(AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED);
      expect(hasher.verifyAgainstDummy).toHaveBeenCalledWith('secret1');
      expect(hasher.verify).toHaveBeenCalledWith(ada.passwordHash, 'wrong');
    });

    it('starts a new session family and signs an ES256 access token with sub, typ, iss, aud and a 15-minute exp', async () => {
      users.findByEmail.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      twoFactor.isEnabled.mockResolvedValue(false);
      sessions.create.mockResolvedValue(undefined);

      const grant = (await service.login({
        email: 'ada@example.com',
        password: 'secret1',
        rememberMe: true,
        userAgent: 'Firefox',
      })) as SessionGrant;

      const verified = new JwtService({ publicKey: keys.publicKey }).verify(grant.accessToken, {
        algorithms: ['ES256'],
      });
      expect(verified).toMatchObject({ sub: ada.id, typ: 'access', iss: 'memories-auth', aud: 'memories-api' });
      expect(verified.exp - verified.iat).toBe(900);
      expect(JSON.parse(Buffer.from(grant.accessToken.split('.')[0], 'base64url').toString())).toMatchObject({
        alg: 'ES256',
      });
      expect(grant.persistent).toBe(true);
      expect(grant.refreshExpiresAt).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
      expect(sessions.create).toHaveBeenCalledWith({
        userId: ada.id,
        familyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tokenHash: secrets.hash(grant.refreshToken),
        persistent: true,
        expiresAt: new Date(grant.refreshExpiresAt),
        userAgent: 'Firefox',
      });
      expect(createPublicKey(keys.publicKey).asymmetricKeyType).toBe('ec');
    });

    it('answers 403 ACCOUNT_DISABLED to the right password of a disabled account, and 401 to a wrong one', async () => {
      users.findByEmail.mockResolvedValue(disabledAda);
      hasher.verify.mockResolvedValueOnce(true).mockResolvedValueOnce(false);

      const right = await rejection(
        service.login({ email: 'ada@example.com', password: 'secret1', rememberMe: false }),
      );
      const wrong = await rejection(service.login({ email: 'ada@example.com', password: 'nope', rememberMe: false }));

      expect(right.code).toBe('ACCOUNT_DISABLED');
      expect(wrong.code).toBe(AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED);
      expect(sessions.create).not.toHaveBeenCalled();
    });

    it('answers a two-factor challenge and starts no session when the account has two-factor sign-in on', async () => {
      const challenge: TwoFactorChallenge = {
        twoFactorRequired: true,
        challengeToken: 'signed',
        expiresAt: NOW.toISOString(),
      };
      users.findByEmail.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      twoFactor.isEnabled.mockResolvedValue(true);
      twoFactor.challenge.mockResolvedValue(challenge);

      await expect(service.login({ email: 'ada@example.com', password: 'secret1', rememberMe: true })).resolves.toBe(
        challenge,
      );
      expect(twoFactor.challenge).toHaveBeenCalledWith(ada.id, true);
    });
  });

  describe('refresh', () => {
    it('rotates a live token within its family, keeping its persistence', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ persistent: false }));
      users.findById.mockResolvedValue(ada);
      refreshTokens.rotate.mockResolvedValue(true);

      const grant = await service.refresh({ refreshToken: 'old-token', userAgent: 'Firefox' });

      expect(refreshTokens.findByHash).toHaveBeenCalledWith(secrets.hash('old-token'));
      expect(refreshTokens.rotate).toHaveBeenCalledWith(
        'rt-1',
        expect.objectContaining({
          familyId: 'family-1',
          persistent: false,
          tokenHash: secrets.hash(grant.refreshToken),
        }),
        NOW,
        'Firefox',
      );
      expect(grant.refreshToken).not.toBe('old-token');
      expect(grant.user.id).toBe(ada.id);
    });

    it('revokes the whole family when a rotated token is replayed', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ revokedAt: NOW, replacedBy: 'rt-2' }));
      users.findById.mockResolvedValue(ada);
      refreshTokens.reissue.mockResolvedValue('replayed');
      sessions.revoke.mockResolvedValue(undefined);

      const error = await rejection(service.refresh({ refreshToken: 'rotated-token' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.SESSION_UNAUTHORIZED);
      expect(refreshTokens.rotate).not.toHaveBeenCalled();
      expect(refreshTokens.reissue).toHaveBeenCalledWith(
        'rt-1',
        expect.objectContaining({ familyId: 'family-1' }),
        NOW,
        REFRESH_REUSE_INTERVAL_MS,
        null,
      );
      expect(sessions.revoke).toHaveBeenCalledWith('family-1', NOW);
    });

    it('grants a new token for a rotated one whose successor the browser never stored (the reuse rule)', async () => {
      refreshTokens.findByHash.mockResolvedValue(
        refreshRecord({ revokedAt: NOW, replacedBy: 'rt-2', persistent: false }),
      );
      users.findById.mockResolvedValue(ada);
      refreshTokens.reissue.mockResolvedValue('reissued');

      const grant = await service.refresh({ refreshToken: 'rotated-token', userAgent: 'Firefox' });

      expect(refreshTokens.reissue).toHaveBeenCalledWith(
        'rt-1',
        expect.objectContaining({
          familyId: 'family-1',
          persistent: false,
          tokenHash: secrets.hash(grant.refreshToken),
        }),
        NOW,
        REFRESH_REUSE_INTERVAL_MS,
        'Firefox',
      );
      expect(grant.user.id).toBe(ada.id);
      expect(sessions.revoke).not.toHaveBeenCalled();
    });

    it('applies the reuse rule when a concurrent request already rotated the same token', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      users.findById.mockResolvedValue(ada);
      refreshTokens.rotate.mockResolvedValue(false);
      refreshTokens.reissue.mockResolvedValueOnce('reissued').mockResolvedValueOnce('replayed');
      sessions.revoke.mockResolvedValue(undefined);

      await expect(service.refresh({ refreshToken: 'raced' })).resolves.toMatchObject({ user: { id: ada.id } });
      expect(sessions.revoke).not.toHaveBeenCalled();
      expect((await rejection(service.refresh({ refreshToken: 'raced' }))).code).toBe(
        AUTH_ERROR_CODES.SESSION_UNAUTHORIZED,
      );
      expect(sessions.revoke).toHaveBeenCalledWith('family-1', NOW);
    });

    it('refuses a live token of a disabled account', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      users.findById.mockResolvedValue(disabledAda);

      expect((await rejection(service.refresh({ refreshToken: 't' }))).code).toBe(
        AUTH_ERROR_CODES.SESSION_UNAUTHORIZED,
      );
      expect(refreshTokens.rotate).not.toHaveBeenCalled();
    });

    it('refuses a signed-out token without revoking anything', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ revokedAt: NOW }));
      users.findById.mockResolvedValue(ada);
      refreshTokens.reissue.mockResolvedValue('spent');

      expect((await rejection(service.refresh({ refreshToken: 't' }))).code).toBe(
        AUTH_ERROR_CODES.SESSION_UNAUTHORIZED,
      );
      expect(sessions.revoke).not.toHaveBeenCalled();
    });

    it.each([
      ['unknown', null],
      ['expired', refreshRecord({ expiresAt: NOW })],
    ])('refuses an %s token without revoking anything', async (_kind, record) => {
      refreshTokens.findByHash.mockResolvedValue(record);

      expect((await rejection(service.refresh({ refreshToken: 't' }))).code).toBe(
        AUTH_ERROR_CODES.SESSION_UNAUTHORIZED,
      );
      expect(refreshTokens.reissue).not.toHaveBeenCalled();
      expect(sessions.revoke).not.toHaveBeenCalled();
    });
  });

  describe('logout', () => {
    it('revokes the family of the given token', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      sessions.revoke.mockResolvedValue(undefined);

      await expect(service.logout({ refreshToken: 't' })).resolves.toEqual({ loggedOut: true });
      expect(sessions.revoke).toHaveBeenCalledWith('family-1', NOW);
    });

    it('succeeds without a session', async () => {
      await expect(service.logout({})).resolves.toEqual({ loggedOut: true });
    });

    it('with OIDC_LOGOUT, sends a single sign-on session on to the provider’s logout with its ID token', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      sessions.revoke.mockResolvedValue(undefined);
      sessions.idTokenOf.mockResolvedValue('the-id-token');
      provider.endSessionUrl.mockResolvedValue('https://id.example.com/logout?id_token_hint=the-id-token');

      await expect(serviceWith(singleSignOnOnly).logout({ refreshToken: 't' })).resolves.toEqual({
        loggedOut: true,
        endSessionUrl: 'https://id.example.com/logout?id_token_hint=the-id-token',
      });
      expect(sessions.revoke).toHaveBeenCalledWith('family-1', NOW);
      expect(provider.endSessionUrl).toHaveBeenCalledWith('the-id-token');
    });

    it('with OIDC_LOGOUT, only ends our session when the session did not come from single sign-on', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      sessions.revoke.mockResolvedValue(undefined);
      sessions.idTokenOf.mockResolvedValue(null);

      await expect(serviceWith(singleSignOnOnly).logout({ refreshToken: 't' })).resolves.toEqual({ loggedOut: true });
    });
  });

  describe('changePassword', () => {
    it('refuses a wrong current password with a 400 code (a 401 would sign the client out)', async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(false);

      const error = await rejection(
        service.changePassword(ada.id, { currentPassword: 'nope', newPassword: 'secret2', confirmPassword: 'secret2' }),
      );

      expect(error.code).toBe(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID);
    });

    it('stores the new hash and revokes every session of the user but the one that asked', async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      hasher.hash.mockResolvedValue('$argon2id$next');
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      users.setPasswordHash.mockResolvedValue(undefined);
      sessions.revokeAllForUser.mockResolvedValue(2);

      const answer = await service.changePassword(ada.id, {
        currentPassword: 'secret1',
        newPassword: 'secret2',
        confirmPassword: 'secret2',
        refreshToken: 't',
      });

      expect(users.setPasswordHash).toHaveBeenCalledWith(ada.id, '$argon2id$next');
      expect(sessions.revokeAllForUser).toHaveBeenCalledWith(ada.id, NOW, 'family-1');
      expect(answer).toEqual({ signedOut: 2 });
    });

    it("revokes every session when the caller has none of its own (no cookie, or another user's)", async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      hasher.hash.mockResolvedValue('$argon2id$next');
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ userId: 'someone-else' }));
      users.setPasswordHash.mockResolvedValue(undefined);
      sessions.revokeAllForUser.mockResolvedValue(3);

      await service.changePassword(ada.id, {
        currentPassword: 'secret1',
        newPassword: 'secret2',
        confirmPassword: 'secret2',
        refreshToken: 't',
      });

      expect(sessions.revokeAllForUser).toHaveBeenCalledWith(ada.id, NOW, undefined);
    });

    it.each([
      [{ newPassword: 'short', confirmPassword: 'short' }, REGISTRATION_MESSAGES.passwordTooShort],
      [{ newPassword: 'secret2', confirmPassword: 'secret3' }, REGISTRATION_MESSAGES.passwordsDoNotMatch],
    ])('refuses %j with "%s" and changes nothing', async (change, message) => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);

      const error = await rejection(service.changePassword(ada.id, { currentPassword: 'secret1', ...change }));

      expect(error.message).toBe(message);
    });
  });

  describe('profile', () => {
    it('changes the name and clears an empty phone number', async () => {
      users.updateProfile.mockResolvedValue({ ...ada, name: 'Ada King' });

      const user = await service.updateProfile(ada.id, { name: ' Ada   King ', phoneNumber: '' });

      expect(users.updateProfile).toHaveBeenCalledWith(ada.id, { name: 'Ada King', phoneNumber: null });
      expect(user.name).toBe('Ada King');
    });

    it.each([
      ['a script URL', 'javascript:alert(1)'],
      ['a third party image', 'https://tracker.example/pixel.png'],
      [
        'another user’s file',
        '/api/files/users/b5b0a9a4-0000-4000-8000-000000000000/6b0c4f5e-1111-4222-8333-444455556666.png',
      ],
    ])('refuses %s as profile picture', async (_case, profileImageUrl) => {
      const error = await rejection(service.updateProfile(ada.id, { profileImageUrl }));

      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toBe(USER_MESSAGES.profileImageInvalid);
    });

    it('takes a file the user uploaded as profile picture', async () => {
      const profileImageUrl = `/api/files/users/${ada.id}/6b0c4f5e-1111-4222-8333-444455556666.webp`;
      users.updateProfile.mockResolvedValue({ ...ada, profileImageUrl });

      await expect(service.updateProfile(ada.id, { profileImageUrl })).resolves.toMatchObject({ profileImageUrl });
      expect(users.updateProfile).toHaveBeenCalledWith(ada.id, { profileImageUrl });
    });
  });

  describe('e-mail verification', () => {
    it('records the verification once the token is consumed', async () => {
      actionTokens.consume.mockResolvedValue(ada.id);
      users.markEmailVerified.mockResolvedValue({ ...ada, emailVerifiedAt: NOW });

      expect((await service.verifyEmail({ token: 'v' })).emailVerified).toBe(true);
      expect(actionTokens.consume).toHaveBeenCalledWith(secrets.hash('v'), 'email-verification', NOW);
    });

    it('does not resend to a verified address', async () => {
      users.findByEmail.mockResolvedValue({ ...ada, emailVerifiedAt: NOW });

      await expect(service.resendVerification({ email: 'ada@example.com' })).resolves.toEqual({ accepted: true });
    });
  });

  describe('user lookup', () => {
    it('answers what other users may see of known users once each, leaving unknown ids out', async () => {
      users.findByIds.mockResolvedValue([ada]);

      await expect(
        service.lookupUsers({ ids: [ada.id, ada.id, 'b5b0a9a4-0000-4000-8000-000000000000'] }),
      ).resolves.toEqual({
        users: [{ id: ada.id, name: ada.name, email: ada.email, profileImageUrl: null }],
      });
      expect(users.findByIds).toHaveBeenCalledWith([ada.id, 'b5b0a9a4-0000-4000-8000-000000000000']);
    });
  });
});
