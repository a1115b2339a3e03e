import { AUTH_ERROR_CODES, REGISTRATION_MESSAGES } from '@memories/contracts';
import { DomainError, generateEs256KeyPair, type MailSender } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { ActionTokenRepository } from '../action-tokens/action-token.repository';
import { loadAuthConfig } from '../config/auth.config';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import type { Clock } from '../crypto/clock';
import type { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import type { PasskeyRepository } from '../passkeys/passkey.repository';
import type { SessionRepository } from '../sessions/session.repository';
import type { SignInFailuresRepository } from '../sign-in-limits/sign-in-failures.repository';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import { ActionLinks } from './action-links';
import { RecoveryService } from './recovery.service';
import type { InstanceSettingsRepository } from '../admin/instance-settings.repository';

/** The instance owner never turned password sign-in on from the command line. */
const NO_OVERRIDE = { passwordLogin: async () => null } as unknown as InstanceSettingsRepository;

const config = loadAuthConfig({
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
  PUBLIC_URL: 'http://app.test',
});
const NOW = new Date('2026-03-01T10:00:00Z');
const secrets = new SecretTokenGenerator();
const ada = {
  id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
} as UserRecord;

async function rejection(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('RecoveryService', () => {
  let users: StrictMock<UserRepository>;
  let actionTokens: StrictMock<ActionTokenRepository>;
  let sessions: StrictMock<SessionRepository>;
  let passkeys: StrictMock<PasskeyRepository>;
  let signInFailures: StrictMock<SignInFailuresRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let mail: StrictMock<MailSender>;
  let service: RecoveryService;

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    actionTokens = strictMock<ActionTokenRepository>('ActionTokenRepository');
    sessions = strictMock<SessionRepository>('SessionRepository');
    passkeys = strictMock<PasskeyRepository>('PasskeyRepository');
    signInFailures = strictMock<SignInFailuresRepository>('SignInFailuresRepository');
    signInFailures.clearForUser.mockResolvedValue(undefined);
    hasher = strictMock<PasswordHasher>('PasswordHasher');
    mail = strictMock<MailSender>('MailSender');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    const tokens = actionTokens as unknown as ActionTokenRepository;
    const theClock = clock as unknown as Clock;
    service = new RecoveryService(
      users as unknown as UserRepository,
      tokens,
      new ActionLinks(config, tokens, secrets, mail as unknown as MailSender, theClock),
      sessions as unknown as SessionRepository,
      passkeys as unknown as PasskeyRepository,
      hasher as unknown as PasswordHasher,
      secrets,
      theClock,
      new PasswordLoginPolicy(config, NO_OVERRIDE),
      signInFailures as unknown as SignInFailuresRepository,
    );
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    users.findByEmail.mockResolvedValue(null);

    await expect(service.forgotPassword({ email: 'nobody@example.com' })).resolves.toEqual({ accepted: true });
  });

  it('stores only the hash of a 30-minute token and mails the link, the token in its fragment (never in a log)', async () => {
    users.findByEmail.mockResolvedValue(ada);
    actionTokens.create.mockResolvedValue(undefined);
    mail.send.mockResolvedValue(undefined);

    await service.forgotPassword({ email: 'ada@example.com' });

    const text = mail.send.mock.calls[0][0].text;
    const token = /http:\/\/app\.test\/reset-password#token=([\w-]+)/.exec(text)?.[1] ?? '';
    expect(text).toContain('within 30 minutes');
    expect(actionTokens.create).toHaveBeenCalledWith({
      userId: ada.id,
      purpose: 'password-reset',
      tokenHash: secrets.hash(token),
      expiresAt: new Date(NOW.getTime() + 1_800_000),
    });
  });

  it('sets the password, uses up the other links and revokes every session with a valid token', async () => {
    actionTokens.consume.mockResolvedValue(ada.id);
    hasher.hash.mockResolvedValue('$argon2id$reset');
    users.setPasswordHash.mockResolvedValue(undefined);
    actionTokens.retireAll.mockResolvedValue(undefined);
    sessions.revokeAllForUser.mockResolvedValue(2);

    await expect(
      service.resetPassword({ token: 'tok', newPassword: 'secret2', confirmPassword: 'secret2' }),
    ).resolves.toEqual({ signedOut: 2 });
    expect(actionTokens.consume).toHaveBeenCalledWith(secrets.hash('tok'), 'password-reset', NOW);
    expect(users.setPasswordHash).toHaveBeenCalledWith(ada.id, '$argon2id$reset');
    expect(actionTokens.retireAll).toHaveBeenCalledWith(ada.id, 'password-reset', NOW);
    expect(sessions.revokeAllForUser).toHaveBeenCalledWith(ada.id, NOW);
    // The owner of the address proved it: a pause of sign-in by others' guesses ends.
    expect(signInFailures.clearForUser).toHaveBeenCalledWith(ada.id);
  });

  it('removes every passkey of the account when the reset asks for it, and none otherwise', async () => {
    actionTokens.consume.mockResolvedValue(ada.id);
    hasher.hash.mockResolvedValue('$argon2id$reset');
    users.setPasswordHash.mockResolvedValue(undefined);
    actionTokens.retireAll.mockResolvedValue(undefined);
    sessions.revokeAllForUser.mockResolvedValue(1);
    passkeys.deleteAllForUser.mockResolvedValue(2);

    await service.resetPassword({ token: 'a', newPassword: 'secret2', confirmPassword: 'secret2' });
    expect(passkeys.deleteAllForUser).not.toHaveBeenCalled();
    await service.resetPassword({
      token: 'b',
      newPassword: 'secret2',
      confirmPassword: 'secret2',
      removePasskeys: true,
    });
    expect(passkeys.deleteAllForUser).toHaveBeenCalledWith(ada.id);
  });

  it('refuses a used, expired or unknown token', async () => {
    actionTokens.consume.mockResolvedValue(null);

    expect(
      (await rejection(service.resetPassword({ token: 'tok', newPassword: 'secret2', confirmPassword: 'secret2' })))
        .code,
    ).toBe(AUTH_ERROR_CODES.RESET_TOKEN_INVALID);
  });

  it('checks the new password before spending the token', async () => {
    const error = await rejection(
      service.resetPassword({ token: 'tok', newPassword: 'secret2', confirmPassword: 'secret3' }),
    );

    expect(error.message).toBe(REGISTRATION_MESSAGES.passwordsDoNotMatch);
  });

  it('makes a link for the CLI, or null for an address without an account', async () => {
    users.findByEmail.mockResolvedValueOnce(ada).mockResolvedValueOnce(null);
    actionTokens.create.mockResolvedValue(undefined);

    expect(await service.resetLinkFor(' ada@example.com ')).toMatch(
      /^http:\/\/app\.test\/reset-password#token=[\w-]{43}$/,
    );
    expect(await service.resetLinkFor('nobody@example.com')).toBeNull();
    expect(users.findByEmail).toHaveBeenCalledWith('ada@example.com');
  });
});
