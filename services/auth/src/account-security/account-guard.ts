import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { PasswordHasher } from '../crypto/password-hasher';
import type { UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';

/** The signed-in user of a request, and the password asked again before a change that weakens the account. */
@Injectable()
export class AccountGuard {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The user the gateway authenticated; gone since (deleted) means the token no longer stands for anyone. */
  async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
    return user;
  }

  /**
   * Two-factor sign-in off, new recovery codes, the last passkey removed: a stolen session alone cannot do these.
   * A wrong password is a 400, never a 401, which would sign the user out.
   */
  async confirmPassword(userId: string, password: string | undefined): Promise<UserRecord> {
    const user = await this.requireUser(userId);
    if (!password) {
      throw new DomainError(
        ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID,
        ACCOUNT_SECURITY_MESSAGES.passwordConfirmationRequired,
        [{ field: 'password', messages: [ACCOUNT_SECURITY_MESSAGES.passwordConfirmationRequired] }],
      );
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw new DomainError(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID, AUTH_MESSAGES.currentPasswordWrong);
    }
    return user;
  }
}
