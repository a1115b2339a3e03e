import { createPublicKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { AUTH_ERROR_CODES, REGISTRATION_MESSAGES, USER_MESSAGES, type RegistrationPayload } from '@memories/contracts';
import { DomainError, generateEs256KeyPair } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { ActionTokenRepository } from '../action-tokens/action-token.repository';
import { loadAuthConfig } from '../config/auth.config';
import { AccessTokenSigner } from '../crypto/access-token.signer';
import type { Clock } from '../crypto/clock';
import type { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import type { MailPort } from '../mail/mail.port';
import type { RefreshTokenRecord, RefreshTokenRepository } from '../sessions/refresh-token.repository';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import { AuthService } from './auth.service';

const keys = generateEs256KeyPair();
const config = loadAuthConfig({
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: keys.privateKey,
  PUBLIC_URL: 'http://app.test',
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
};

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
  let refreshTokens: StrictMock<RefreshTokenRepository>;
  let actionTokens: StrictMock<ActionTokenRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let mail: StrictMock<MailPort>;
  let clock: StrictMock<Clock>;
  let service: AuthService;

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    refreshTokens = strictMock<RefreshTokenRepository>('RefreshTokenRepository');
    actionTokens = strictMock<ActionTokenRepository>('ActionTokenRepository');
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    mail = strictMock<MailPort>('MailPort');
    clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new AuthService(
      config,
      users as unknown as UserRepository,
      refreshTokens as unknown as RefreshTokenRepository,
      actionTokens as unknown as ActionTokenRepository,
      hasher as unknown as PasswordHasher,
      secrets,
      new AccessTokenSigner(config),
      mail as unknown as MailPort,
      clock as unknown as Clock,
    );
  });

  describe('register', () => {
    it('creates the user with an Argon2 hash and sends a verification link', async () => {
      users.findByEmail.mockResolvedValue(null);
      hasher.hash.mockResolvedValue('$argon2id$new');
      users.create.mockResolvedValue(ada);
      actionTokens.create.mockResolvedValue(undefined);
      mail.send.mockResolvedValue(undefined);

      const user = await service.register({ ...registration, email: '  ada@example.com ' });

      expect(user).toEqual({
        id: ada.id,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phoneNumber: null,
        profileImageUrl: null,
        emailVerified: false,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      expect(user).not.toHaveProperty('passwordHash');
      expect(users.create).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', phoneNumber: null, passwordHash: '$argon2id$new' });
      expect(actionTokens.create).toHaveBeenCalledWith(expect.objectContaining({ userId: ada.id, purpose: 'email-verification' }));
      expect(mail.send).toHaveBeenCalledWith(
        expect.objectContaining({ to: 'ada@example.com', text: expect.stringMatching(/http:\/\/app\.test\/verify-email\?token=[\w-]{43}/) }),
      );
    });

    it('answers 409-coded USER_ALREADY_EXISTS for a taken e-mail, whatever its case', async () => {
      users.findByEmail.mockResolvedValue(ada);

      const error = await rejection(service.register({ ...registration, email: 'ADA@example.com' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.USER_ALREADY_EXISTS);
      expect(users.findByEmail).toHaveBeenCalledWith('ADA@example.com');
    });

    it('answers USER_ALREADY_EXISTS when a concurrent registration wins the unique index', async () => {
      users.findByEmail.mockResolvedValue(null);
      hasher.hash.mockResolvedValue('$argon2id$new');
      users.create.mockResolvedValue(null);

      expect((await rejection(service.register(registration))).code).toBe(AUTH_ERROR_CODES.USER_ALREADY_EXISTS);
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
      const error = await rejection(service.register({ name: 'Ada', email: 'bad', password: '1', confirmPassword: '2' }));

      expect(error.message).toBe(REGISTRATION_MESSAGES.lastNameRequired);
    });
  });

  describe('login', () => {
    it('gives the same error for an unknown e-mail and a wrong password, checking a dummy hash for the unknown one', async () => {
      users.findByEmail.mockResolvedValueOnce(null).mockResolvedValueOnce(ada);
      hasher.verifyAgainstDummy.mockResolvedValue(false);
      hasher.verify.mockResolvedValue(false);

      const unknown = await rejection(service.login({ email: 'nobody@example.com', password: 'secret1', rememberMe: false }));
      const wrong = await rejection(service.login({ email: 'ada@example.com', password: 'wrong', rememberMe: false }));

      expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
      expect(unknown.code).toBe(AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED);
      expect(hasher.verifyAgainstDummy).toHaveBeenCalledWith('secret1');
      expect(hasher.verify).toHaveBeenCalledWith(ada.passwordHash, 'wrong');
    });

    it('starts a new session family and signs an ES256 access token with sub, typ, iss, aud and a 15-minute exp', async () => {
      users.findByEmail.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      refreshTokens.create.mockResolvedValue(undefined);

      const grant = await service.login({ email: 'ada@example.com', password: 'secret1', rememberMe: true });

      const verified = new JwtService({ publicKey: keys.publicKey }).verify(grant.accessToken, { algorithms: ['ES256'] });
      expect(verified).toMatchObject({ sub: ada.id, typ: 'access', iss: 'memories-auth', aud: 'memories-api' });
      expect(verified.exp - verified.iat).toBe(900);
      expect(JSON.parse(Buffer.from(grant.accessToken.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'ES256' });
      expect(grant.persistent).toBe(true);
      expect(grant.refreshExpiresAt).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
      expect(refreshTokens.create).toHaveBeenCalledWith({
        userId: ada.id,
        familyId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        tokenHash: secrets.hash(grant.refreshToken),
        persistent: true,
        expiresAt: new Date(grant.refreshExpiresAt),
      });
      expect(createPublicKey(keys.publicKey).asymmetricKeyType).toBe('ec');
    });
  });

  describe('refresh', () => {
    it('rotates a live token within its family, keeping its persistence', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ persistent: false }));
      users.findById.mockResolvedValue(ada);
      refreshTokens.rotate.mockResolvedValue(true);

      const grant = await service.refresh({ refreshToken: 'old-token' });

      expect(refreshTokens.findByHash).toHaveBeenCalledWith(secrets.hash('old-token'));
      expect(refreshTokens.rotate).toHaveBeenCalledWith(
        'rt-1',
        expect.objectContaining({ familyId: 'family-1', persistent: false, tokenHash: secrets.hash(grant.refreshToken) }),
        NOW,
      );
      expect(grant.refreshToken).not.toBe('old-token');
      expect(grant.user.id).toBe(ada.id);
    });

    it('revokes the whole family when a rotated token is replayed', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ revokedAt: NOW, replacedBy: 'rt-2' }));
      refreshTokens.revokeFamily.mockResolvedValue(undefined);

      const error = await rejection(service.refresh({ refreshToken: 'rotated-token' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.SESSION_UNAUTHORIZED);
      expect(refreshTokens.revokeFamily).toHaveBeenCalledWith('family-1', NOW);
    });

    it('revokes the family when a concurrent request already rotated the same token', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      users.findById.mockResolvedValue(ada);
      refreshTokens.rotate.mockResolvedValue(false);
      refreshTokens.revokeFamily.mockResolvedValue(undefined);

      expect((await rejection(service.refresh({ refreshToken: 'raced' }))).code).toBe(AUTH_ERROR_CODES.SESSION_UNAUTHORIZED);
      expect(refreshTokens.revokeFamily).toHaveBeenCalledWith('family-1', NOW);
    });

    it.each([
      ['unknown', null],
      ['logged out', refreshRecord({ revokedAt: NOW })],
      ['expired', refreshRecord({ expiresAt: NOW })],
    ])('refuses an %s token without revoking anything', async (_kind, record) => {
      refreshTokens.findByHash.mockResolvedValue(record);

      expect((await rejection(service.refresh({ refreshToken: 't' }))).code).toBe(AUTH_ERROR_CODES.SESSION_UNAUTHORIZED);
    });
  });

  describe('logout', () => {
    it('revokes the family of the given token', async () => {
      refreshTokens.findByHash.mockResolvedValue(refreshRecord());
      refreshTokens.revokeFamily.mockResolvedValue(undefined);

      await expect(service.logout({ refreshToken: 't' })).resolves.toEqual({ loggedOut: true });
      expect(refreshTokens.revokeFamily).toHaveBeenCalledWith('family-1', NOW);
    });

    it('succeeds without a session', async () => {
      await expect(service.logout({})).resolves.toEqual({ loggedOut: true });
    });
  });

  describe('changePassword', () => {
    it('refuses a wrong current password with a 400 code (a 401 would sign the client out)', async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(false);

      const error = await rejection(service.changePassword(ada.id, { currentPassword: 'nope', newPassword: 'secret2' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID);
    });

    it('stores the new hash, revokes every session of the user, and opens a new one with the same persistence', async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);
      hasher.hash.mockResolvedValue('$argon2id$next');
      refreshTokens.findByHash.mockResolvedValue(refreshRecord({ persistent: true }));
      users.setPasswordHash.mockResolvedValue(undefined);
      refreshTokens.revokeAllForUser.mockResolvedValue(undefined);
      refreshTokens.create.mockResolvedValue(undefined);

      const grant = await service.changePassword(ada.id, { currentPassword: 'secret1', newPassword: 'secret2', refreshToken: 't' });

      expect(users.setPasswordHash).toHaveBeenCalledWith(ada.id, '$argon2id$next');
      expect(refreshTokens.revokeAllForUser).toHaveBeenCalledWith(ada.id, NOW);
      expect(refreshTokens.create).toHaveBeenCalledWith(expect.objectContaining({ userId: ada.id, persistent: true }));
      expect(grant.persistent).toBe(true);
    });

    it('refuses a new password shorter than the rule', async () => {
      users.findById.mockResolvedValue(ada);
      hasher.verify.mockResolvedValue(true);

      const error = await rejection(service.changePassword(ada.id, { currentPassword: 'secret1', newPassword: 'short' }));

      expect(error.message).toBe(REGISTRATION_MESSAGES.passwordTooShort);
    });
  });

  describe('password reset', () => {
    it('answers the same for an unknown address and sends nothing', async () => {
      users.findByEmail.mockResolvedValue(null);

      await expect(service.forgotPassword({ email: 'nobody@example.com' })).resolves.toEqual({ accepted: true });
    });

    it('stores only the hash of a one-hour token and mails the link', async () => {
      users.findByEmail.mockResolvedValue(ada);
      actionTokens.create.mockResolvedValue(undefined);
      mail.send.mockResolvedValue(undefined);

      await service.forgotPassword({ email: 'ada@example.com' });

      const token = /reset-password\?token=([\w-]+)/.exec(mail.send.mock.calls[0][0].text)?.[1] ?? '';
      expect(actionTokens.create).toHaveBeenCalledWith({
        userId: ada.id,
        purpose: 'password-reset',
        tokenHash: secrets.hash(token),
        expiresAt: new Date(NOW.getTime() + 3_600_000),
      });
    });

    it('sets the password and revokes every session with a valid token', async () => {
      actionTokens.consume.mockResolvedValue(ada.id);
      hasher.hash.mockResolvedValue('$argon2id$reset');
      users.setPasswordHash.mockResolvedValue(undefined);
      refreshTokens.revokeAllForUser.mockResolvedValue(undefined);
      actionTokens.retireAll.mockResolvedValue(undefined);

      await expect(service.resetPassword({ token: 'tok', newPassword: 'secret2' })).resolves.toEqual({ reset: true });
      expect(actionTokens.consume).toHaveBeenCalledWith(secrets.hash('tok'), 'password-reset', NOW);
      expect(refreshTokens.revokeAllForUser).toHaveBeenCalledWith(ada.id, NOW);
      expect(actionTokens.retireAll).toHaveBeenCalledWith(ada.id, 'password-reset', NOW);
    });

    it('refuses a used, expired or unknown token', async () => {
      actionTokens.consume.mockResolvedValue(null);

      const error = await rejection(service.resetPassword({ token: 'tok', newPassword: 'secret2' }));

      expect(error.code).toBe(AUTH_ERROR_CODES.RESET_TOKEN_INVALID);
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
      ['another user’s file', '/api/files/users/b5b0a9a4-0000-4000-8000-000000000000/6b0c4f5e-1111-4222-8333-444455556666.png'],
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

      await expect(service.lookupUsers({ ids: [ada.id, ada.id, 'b5b0a9a4-0000-4000-8000-000000000000'] })).resolves.toEqual({
        users: [{ id: ada.id, name: ada.name, email: ada.email, profileImageUrl: null }],
      });
      expect(users.findByIds).toHaveBeenCalledWith([ada.id, 'b5b0a9a4-0000-4000-8000-000000000000']);
    });
  });
});
