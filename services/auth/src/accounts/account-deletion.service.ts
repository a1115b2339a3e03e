import { Injectable } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  USER_ERROR_CODES,
  USER_EVENTS,
  USER_MESSAGES,
  type AccountDeletionsPayload,
  type AccountDeletionsResult,
  type DeleteAccountPayload,
  type MessageContext,
  type UserDeletedEvent,
} from '@memories/contracts';
import { BusEventPublisher, DomainError } from '@memories/nest-common';
import { PasswordHasher } from '../crypto/password-hasher';
import { UserRepository } from '../users/user.repository';
import { DeletedAccountRepository } from './deleted-account.repository';

/**
 * Deleting an account: the password again, then the user row (sessions and tokens by cascade) and a record of the
 * deletion in one transaction, then `auth.user.deleted` so the memory and upload services delete what the user
 * owned. Those services also follow the record, so the data goes even if the event is lost.
 */
@Injectable()
export class AccountDeletionService {
  constructor(
    private readonly users: UserRepository,
    private readonly deletedAccounts: DeletedAccountRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: BusEventPublisher,
  ) {}

  async delete(
    context: MessageContext & { userId: string },
    payload: DeleteAccountPayload,
  ): Promise<{ deleted: true }> {
    const user = await this.users.findById(context.userId);
    const gone = () => new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
    if (!user) throw gone();
    if (!(await this.hasher.verify(user.passwordHash, payload.password))) {
      throw new DomainError(USER_ERROR_CODES.ACCOUNT_PASSWORD_INVALID, USER_MESSAGES.passwordWrong);
    }
    if (!(await this.deletedAccounts.deleteAndRecord(user.id))) throw gone();
    await this.events.publish<UserDeletedEvent>(USER_EVENTS.deleted, { userId: user.id }, context);
    return { deleted: true };
  }

  async deletions(payload: AccountDeletionsPayload): Promise<AccountDeletionsResult> {
    return { deletions: await this.deletedAccounts.after(payload.after, payload.limit) };
  }
}
