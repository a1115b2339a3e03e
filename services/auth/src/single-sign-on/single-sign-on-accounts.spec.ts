import { generateEs256KeyPair, DomainError } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { AccountAdmission } from '../admin/account-admission.service';
import { loadAuthConfig } from '../config/auth.config';
import type { Clock } from '../crypto/clock';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import type { LinkedIdentityRecord, LinkedIdentityRepository } from './linked-identity.repository';
import type { ProviderProfile } from './provider-profile';
import { SingleSignOnAccounts } from './single-sign-on-accounts';

const NOW = new Date('2026-03-01T10:00:00Z');
const INVITE = 'Zm9yLWEtZnJpZW5kLW9mLXRoZS1mYW1pbHktb25seS0xMjM';
const settings = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'memories',
};

const ada: UserRecord = {
  id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  passwordHash: '$argon2id$hash',
  emailVerifiedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  role: 'member',
  disabledAt: null,
};

const profile = (changes: Partial<ProviderProfile> = {}): ProviderProfile => ({
  issuer: 'https://id.example.com',
  subject: 'sub-1',
  email: 'ada@example.com',
  emailVerified: true,
  name: 'Ada L.',
  ...changes,
});

const identityOf = (userId: string): LinkedIdentityRecord => ({
  id: 'identity-1',
  userId,
  issuer: 'https://id.example.com',
  subject: 'sub-1',
  email: 'ada@example.com',
  createdAt: NOW,
  lastUsedAt: NOW,
});

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error.code;
}

describe('SingleSignOnAccounts', () => {
  let users: StrictMock<UserRepository>;
  let admission: StrictMock<AccountAdmission>;
  let identities: StrictMock<LinkedIdentityRepository>;
  const accountsWith = (env: Record<string, string> = {}) => {
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    return new SingleSignOnAccounts(
      loadAuthConfig({ ...settings, ...env }),
      users as unknown as UserRepository,
      admission as unknown as AccountAdmission,
      identities as unknown as LinkedIdentityRepository,
      clock as unknown as Clock,
    );
  };

  beforeEach(() => {
    users = strictMock<UserRepository>('UserRepository');
    admission = strictMock<AccountAdmission>('AccountAdmission');
    identities = strictMock<LinkedIdentityRepository>('LinkedIdentityRepository');
  });

  it('opens the account linked to the provider’s issuer and subject, whatever address it gives now', async () => {
    identities.find.mockResolvedValue(identityOf(ada.id));
    users.findById.mockResolvedValue(ada);
    identities.touch.mockResolvedValue(undefined);

    await expect(accountsWith().accountFor(profile({ email: 'new@example.com' }))).resolves.toBe(ada);
    expect(identities.touch).toHaveBeenCalledWith('identity-1', 'new@example.com', NOW);
  });

  it('links a first sign-in to the account of a confirmed address', async () => {
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(ada);
    identities.link.mockResolvedValue(identityOf(ada.id));

    await expect(accountsWith().accountFor(profile())).resolves.toBe(ada);
    expect(identities.link).toHaveBeenCalledWith(ada.id, profile(), NOW);
  });

  it('refuses to link to an account by an address the provider does not confirm', async () => {
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(ada);

    await expect(codeOf(accountsWith().accountFor(profile({ emailVerified: false })))).resolves.toBe(
      'LINK_REQUIRED_CONFLICT',
    );
  });

  it('makes an account without a password as the sign-up rules allow, confirmed only if the provider confirms it', async () => {
    const made = { ...ada, passwordHash: null, name: 'Ada L.' };
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(null);
    admission.admit.mockImplementation(async (_email, invite, makeUser) => {
      expect(invite).toBeUndefined();
      await expect(makeUser()).resolves.toEqual({
        name: 'Ada L.',
        email: 'ada@example.com',
        phoneNumber: null,
        passwordHash: null,
      });
      return made;
    });
    identities.link.mockResolvedValue(identityOf(ada.id));

    await expect(accountsWith().accountFor(profile({ emailVerified: false }))).resolves.toBe(made);
    expect(admission.admit).toHaveBeenCalledWith('ada@example.com', undefined, expect.any(Function));
  });

  it('makes no account where the sign-up mode refuses it, and sends an address taken meanwhile to linking', async () => {
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(null);
    admission.admit.mockRejectedValueOnce(
      new DomainError('SIGNUP_CLOSED', 'Sign-up on this instance needs an invite.'),
    );
    admission.admit.mockRejectedValueOnce(new DomainError('USER_ALREADY_EXISTS', 'taken'));

    await expect(codeOf(accountsWith().accountFor(profile()))).resolves.toBe('SIGNUP_CLOSED');
    await expect(codeOf(accountsWith().accountFor(profile()))).resolves.toBe('LINK_REQUIRED_CONFLICT');
  });

  it('makes no account with OIDC_AUTO_PROVISION=false, nor without an address', async () => {
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(null);

    await expect(codeOf(accountsWith({ OIDC_AUTO_PROVISION: 'false' }).accountFor(profile()))).resolves.toBe(
      'SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND',
    );
    await expect(codeOf(accountsWith().accountFor(profile({ email: null, emailVerified: false })))).resolves.toBe(
      'PROVIDER_EMAIL_INVALID',
    );
  });

  it('makes the account with the invite the sign-in started with, even without OIDC_AUTO_PROVISION', async () => {
    const made = { ...ada, passwordHash: null };
    identities.find.mockResolvedValue(null);
    users.findByEmail.mockResolvedValue(null);
    admission.admit.mockResolvedValue(made);
    users.markEmailVerified.mockResolvedValue(made);
    identities.link.mockResolvedValue(identityOf(ada.id));

    await expect(accountsWith({ OIDC_AUTO_PROVISION: 'false' }).accountFor(profile(), INVITE)).resolves.toBe(made);
    expect(admission.admit).toHaveBeenCalledWith('ada@example.com', INVITE, expect.any(Function));
  });

  it('leaves the invite unused when the sign-in opens an account that is linked or exists', async () => {
    identities.find.mockResolvedValueOnce(identityOf(ada.id)).mockResolvedValueOnce(null);
    users.findById.mockResolvedValue(ada);
    identities.touch.mockResolvedValue(undefined);
    users.findByEmail.mockResolvedValue(ada);
    identities.link.mockResolvedValue(identityOf(ada.id));

    await expect(accountsWith().accountFor(profile(), INVITE)).resolves.toBe(ada);
    await expect(accountsWith().accountFor(profile(), INVITE)).resolves.toBe(ada);
    expect(admission.admit).not.toHaveBeenCalled();
  });

  it('refuses to link an identity that another account has', async () => {
    identities.link.mockResolvedValue(identityOf('someone-else'));

    await expect(codeOf(accountsWith().link(ada.id, profile()))).resolves.toBe('LINKED_IDENTITY_ALREADY_EXISTS');
  });
});
