import { DomainError, generateEs256KeyPair } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { AccountGuard } from '../account-security/account-guard';
import { loadAuthConfig } from '../config/auth.config';
import type { PasskeyRecord, PasskeyRepository } from '../passkeys/passkey.repository';
import type { UserRecord } from '../users/user.record';
import { LinkedIdentitiesService } from './linked-identities.service';
import type { LinkedIdentityRecord, LinkedIdentityRepository } from './linked-identity.repository';
import { PasswordLoginPolicy } from './password-login.policy';
import type { InstanceSettingsRepository } from '../admin/instance-settings.repository';

/** The instance owner never turned password sign-in on from the command line. */
const NO_OVERRIDE = { passwordLogin: async () => null } as unknown as InstanceSettingsRepository;

const settings = {
  DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/memories',
  AUTH_JWT_PRIVATE_KEY: generateEs256KeyPair().privateKey,
  OIDC_ISSUER: 'https://id.example.com',
  OIDC_CLIENT_ID: 'memories',
  OIDC_DISPLAY_NAME: 'Family ID',
};
const NOW = new Date('2026-03-01T10:00:00Z');
const user: UserRecord = {
  id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  passwordHash: null,
  emailVerifiedAt: NOW,
  createdAt: NOW,
  role: 'member',
  disabledAt: null,
};
const identity = (id: string, issuer = 'https://id.example.com/'): LinkedIdentityRecord => ({
  id,
  userId: user.id,
  issuer,
  subject: `sub-${id}`,
  email: 'ada@example.com',
  createdAt: NOW,
  lastUsedAt: null,
});

describe('LinkedIdentitiesService', () => {
  let identities: StrictMock<LinkedIdentityRepository>;
  let passkeys: StrictMock<PasskeyRepository>;
  let account: StrictMock<AccountGuard>;
  const serviceWith = (env: Record<string, string> = {}) => {
    const config = loadAuthConfig({ ...settings, ...env });
    return new LinkedIdentitiesService(
      config,
      identities as unknown as LinkedIdentityRepository,
      passkeys as unknown as PasskeyRepository,
      account as unknown as AccountGuard,
      new PasswordLoginPolicy(config, NO_OVERRIDE),
    );
  };

  beforeEach(() => {
    identities = strictMock<LinkedIdentityRepository>('LinkedIdentityRepository');
    passkeys = strictMock<PasskeyRepository>('PasskeyRepository');
    account = strictMock<AccountGuard>('AccountGuard');
    account.requireUser.mockResolvedValue(user);
    passkeys.listForUser.mockResolvedValue([]);
  });

  it('names the instance’s provider by its display name and an old issuer by its host, which cannot sign in', async () => {
    identities.listOf.mockResolvedValue([identity('a'), identity('b', 'https://old-id.example.org/realms/home')]);

    const listed = await serviceWith().list(user.id);

    expect(listed.map(({ provider, usable }) => [provider, usable])).toEqual([
      ['Family ID', true],
      ['old-id.example.org', false],
    ]);
  });

  it('refuses to unlink the only way in, and allows it with a passkey, or a link to an old issuer', async () => {
    identities.listOf.mockResolvedValue([identity('a')]);
    const refused = await serviceWith()
      .unlink(user.id, 'a')
      .catch((error: DomainError) => error.code);
    expect(refused).toBe('LAST_SIGN_IN_METHOD_CONFLICT');

    passkeys.listForUser.mockResolvedValue([{ id: 'passkey' } as PasskeyRecord]);
    identities.unlink.mockResolvedValue(true);
    await expect(serviceWith().unlink(user.id, 'a')).resolves.toEqual({ unlinked: true });

    passkeys.listForUser.mockResolvedValue([]);
    identities.listOf.mockResolvedValue([identity('a'), identity('old', 'https://old-id.example.org')]);
    await expect(serviceWith().unlink(user.id, 'old')).resolves.toEqual({ unlinked: true });
  });

  it('does not count a password that may not sign in (PASSWORD_LOGIN=false) as a way in', async () => {
    account.requireUser.mockResolvedValue({ ...user, passwordHash: '$argon2id$hash' });
    identities.listOf.mockResolvedValue([identity('a')]);

    const refused = await serviceWith({ PASSWORD_LOGIN: 'false' })
      .unlink(user.id, 'a')
      .catch((error: DomainError) => error.code);

    expect(refused).toBe('LAST_SIGN_IN_METHOD_CONFLICT');
  });

  it('answers 404 for an identity of another account', async () => {
    identities.listOf.mockResolvedValue([]);

    const missing = await serviceWith()
      .unlink(user.id, 'not-mine')
      .catch((error: DomainError) => error.code);

    expect(missing).toBe('LINKED_IDENTITY_NOT_FOUND');
  });
});
