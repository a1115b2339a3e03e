import { ACCOUNT_SECURITY_ERROR_CODES, AUTH_ERROR_CODES, type SessionGrant } from '@memories/contracts';
import { DomainError, generateEs256KeyPair } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { AccountGuard } from '../account-security/account-guard';
import { loadAuthConfig } from '../config/auth.config';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import type { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import type { SessionIssuer } from '../sessions/session-issuer';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import type { TotpAuthenticator } from './totp-authenticator';
import { TotpSecretBox } from './totp-secret-box';
import { TwoFactorChallengeSigner } from './two-factor-challenge';
import type { TwoFactorRecord, TwoFactorRepository } from './two-factor.repository';
import { TwoFactorService } from './two-factor.service';
import type { InstanceSettingsRepository } from '../admin/instance-settings.repository';

/** The instance owner never turned password sign-in on from the command line. */
const NO_OVERRIDE = { passwordLogin: async () => null } as unknown as InstanceSettingsRepository;

const config = loadAuthConfig({
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
});
const NOW = new Date();
const secrets = new SecretTokenGenerator();
const box = new TotpSecretBox(config);
const ada = { id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01', email: 'ada@example.com' } as UserRecord;
const enabled: TwoFactorRecord = { secretCiphertext: box.seal('JBSWY3DPEHPK3PXP'), enabledAt: NOW, lastUsedStep: 100 };
const grant = { accessToken: 'jwt' } as SessionGrant;

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('TwoFactorService', () => {
  let repository: StrictMock<TwoFactorRepository>;
  let users: StrictMock<UserRepository>;
  let totp: StrictMock<TotpAuthenticator>;
  let sessions: StrictMock<SessionIssuer>;
  let account: StrictMock<AccountGuard>;
  let challenges: TwoFactorChallengeSigner;
  let service: TwoFactorService;

  beforeEach(() => {
    repository = strictMock<TwoFactorRepository>('TwoFactorRepository');
    users = strictMock<UserRepository>('UserRepository');
    totp = strictMock<TotpAuthenticator>('TotpAuthenticator');
    sessions = strictMock<SessionIssuer>('SessionIssuer');
    account = strictMock<AccountGuard>('AccountGuard');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    challenges = new TwoFactorChallengeSigner(config);
    service = new TwoFactorService(
      repository as unknown as TwoFactorRepository,
      users as unknown as UserRepository,
      totp as unknown as TotpAuthenticator,
      box,
      challenges,
      sessions as unknown as SessionIssuer,
      account as unknown as AccountGuard,
      secrets,
      clock as unknown as Clock,
      new PasswordLoginPolicy(config, NO_OVERRIDE),
    );
  });

  it('asks for the password before a secret is made, so that an access token alone cannot turn it on', async () => {
    account.confirmPassword.mockRejectedValue(new Error('wrong password'));

    await expect(service.setup(ada.id, { password: 'guessed' })).rejects.toThrow('wrong password');
    expect(account.confirmPassword).toHaveBeenCalledWith(ada.id, 'guessed');
  });

  it('keeps the secret encrypted, and turns on with the step of the first code and 10 hashed recovery codes', async () => {
    totp.newSecret.mockReturnValue('JBSWY3DPEHPK3PXP');
    totp.otpauthUrl.mockReturnValue('otpauth://totp/x');
    totp.qrCodeDataUrl.mockResolvedValue('data:image/svg+xml;base64,x');
    account.confirmPassword.mockResolvedValue(ada);
    repository.savePending.mockResolvedValue(true);
    await service.setup(ada.id, { password: 'secret1' });
    const sealed = repository.savePending.mock.calls[0][1];
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');

    repository.find.mockResolvedValue({ secretCiphertext: sealed, enabledAt: null, lastUsedStep: null });
    totp.verify.mockResolvedValue(4242);
    repository.enable.mockResolvedValue(true);
    const { recoveryCodes } = await service.enable(ada.id, { code: ' 123 456 ' });

    expect(totp.verify).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP', '123456', null);
    expect(repository.enable).toHaveBeenCalledWith(
      ada.id,
      4242,
      recoveryCodes.map((code) => secrets.hash(code.replace(/-/g, ''))),
      NOW,
    );
    expect(recoveryCodes).toHaveLength(10);
  });

  it('signs in with a challenge and a code of a later step than the last one used', async () => {
    const { challengeToken } = await service.challenge(ada.id, true);
    users.findById.mockResolvedValue(ada);
    repository.find.mockResolvedValue(enabled);
    repository.takeAttempt.mockResolvedValue(true);
    totp.verify.mockResolvedValue(101);
    repository.useStep.mockResolvedValue(true);
    sessions.start.mockResolvedValue(grant);

    await expect(service.login({ challengeToken, code: '654321', userAgent: 'Firefox' })).resolves.toBe(grant);
    expect(totp.verify).toHaveBeenCalledWith('JBSWY3DPEHPK3PXP', '654321', 100);
    expect(repository.useStep).toHaveBeenCalledWith(ada.id, 101);
    expect(sessions.start).toHaveBeenCalledWith(ada, true, 'Firefox');
  });

  it('refuses a replayed code (the repository saw its step already) without starting a session', async () => {
    const { challengeToken } = await service.challenge(ada.id, false);
    users.findById.mockResolvedValue(ada);
    repository.find.mockResolvedValue(enabled);
    repository.takeAttempt.mockResolvedValue(true);
    totp.verify.mockResolvedValue(101);
    repository.useStep.mockResolvedValue(false);

    expect((await rejection(service.login({ challengeToken, code: '654321' }))).code).toBe(
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CODE_UNAUTHORIZED,
    );
  });

  it('uses a recovery code by its hash', async () => {
    const { challengeToken } = await service.challenge(ada.id, false);
    users.findById.mockResolvedValue(ada);
    repository.find.mockResolvedValue(enabled);
    repository.takeAttempt.mockResolvedValue(true);
    repository.useRecoveryCode.mockResolvedValue(true);
    sessions.start.mockResolvedValue(grant);

    await service.login({ challengeToken, code: 'ABCD-efgh-jkmn-pqrs' });

    expect(repository.useRecoveryCode).toHaveBeenCalledWith(ada.id, secrets.hash('abcdefghjkmnpqrs'), NOW);
  });

  it('answers 429 once the account’s attempts are spent, and refuses an access token as a challenge', async () => {
    const { challengeToken } = await service.challenge(ada.id, false);
    users.findById.mockResolvedValue(ada);
    repository.find.mockResolvedValue(enabled);
    repository.takeAttempt.mockResolvedValue(false);

    expect((await rejection(service.login({ challengeToken, code: '654321' }))).code).toBe(
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_RATE_LIMITED,
    );
    expect((await rejection(service.login({ challengeToken: 'not-a-challenge', code: '654321' }))).code).toBe(
      ACCOUNT_SECURITY_ERROR_CODES.TWO_FACTOR_CHALLENGE_UNAUTHORIZED,
    );
  });

  it('turns off only after the password is confirmed', async () => {
    account.confirmPassword.mockRejectedValueOnce(new DomainError(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID, 'wrong'));

    expect((await rejection(service.disable(ada.id, { password: 'nope' }))).code).toBe(
      AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID,
    );

    account.confirmPassword.mockResolvedValue(ada);
    repository.find.mockResolvedValue(enabled);
    repository.remove.mockResolvedValue(undefined);
    await expect(service.disable(ada.id, { password: 'secret1' })).resolves.toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect(repository.remove).toHaveBeenCalledWith(ada.id);
  });
});
