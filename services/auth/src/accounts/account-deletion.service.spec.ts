import { USER_ERROR_CODES, USER_EVENTS } from '@memories/contracts';
import { DomainError, type BusEventPublisher } from '@memories/nest-common';
import { strictMock, type StrictMock } from '@memories/server-testing';
import type { PasswordHasher } from '../crypto/password-hasher';
import type { UserRecord } from '../users/user.record';
import type { UserRepository } from '../users/user.repository';
import { AccountDeletionService } from './account-deletion.service';
import type { DeletedAccountRepository } from './deleted-account.repository';

const ada: UserRecord = {
  id: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phoneNumber: null,
  profileImageUrl: null,
  passwordHash: '$argon2id$hash',
  emailVerifiedAt: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  role: 'admin',
  disabledAt: null,
};
const caller = { correlationId: 'c1', userId: ada.id };

describe('AccountDeletionService', () => {
  let users: StrictMock<UserRepository>;
  let deletedAccounts: StrictMock<DeletedAccountRepository>;
  let hasher: StrictMock<PasswordHasher>;
  let events: StrictMock<BusEventPublisher>;
  let service: AccountDeletionService;

  beforeEach(() => {
    users = strictMock<UserRepository>('users');
    deletedAccounts = strictMock<DeletedAccountRepository>('deletedAccounts');
    hasher = strictMock<PasswordHasher>('hasher');
    events = strictMock<BusEventPublisher>('events');
    service = new AccountDeletionService(
      users as unknown as UserRepository,
      deletedAccounts as unknown as DeletedAccountRepository,
      hasher as unknown as PasswordHasher,
      events as unknown as BusEventPublisher,
    );
    users.findById.mockResolvedValue(ada);
  });

  it('deletes and records the account once the password is confirmed, then tells the other services', async () => {
    hasher.verify.mockResolvedValue(true);
    deletedAccounts.deleteAndRecord.mockResolvedValue(true);
    events.publish.mockResolvedValue(true);

    await expect(service.delete(caller, { password: 'secret1' })).resolves.toEqual({ deleted: true });

    expect(hasher.verify).toHaveBeenCalledWith(ada.passwordHash, 'secret1');
    expect(deletedAccounts.deleteAndRecord).toHaveBeenCalledWith(ada.id);
    expect(events.publish).toHaveBeenCalledWith(USER_EVENTS.deleted, { userId: ada.id }, caller);
  });

  it('answers done even when the event cannot be published: the record of deletions carries it', async () => {
    hasher.verify.mockResolvedValue(true);
    deletedAccounts.deleteAndRecord.mockResolvedValue(true);
    events.publish.mockResolvedValue(false);

    await expect(service.delete(caller, { password: 'secret1' })).resolves.toEqual({ deleted: true });
  });

  it('refuses a wrong password with a 400 code and deletes nothing', async () => {
    hasher.verify.mockResolvedValue(false);

    const error = await service.delete(caller, { password: 'nope' }).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(USER_ERROR_CODES.ACCOUNT_PASSWORD_INVALID);
  });

  it('answers 401 for an account that is already gone', async () => {
    users.findById.mockResolvedValue(null);

    await expect(service.delete(caller, { password: 'secret1' })).rejects.toMatchObject({
      code: 'ACCESS_TOKEN_UNAUTHORIZED',
    });
  });

  it('pages through the record of deletions after a position', async () => {
    deletedAccounts.after.mockResolvedValue([{ position: 4, userId: ada.id }]);

    await expect(service.deletions({ after: 3, limit: 100 })).resolves.toEqual({
      deletions: [{ position: 4, userId: ada.id }],
    });
    expect(deletedAccounts.after).toHaveBeenCalledWith(3, 100);
  });
});
