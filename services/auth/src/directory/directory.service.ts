import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  USER_ERROR_CODES,
  USER_MESSAGES,
  type ProfileImagesReferencedPayload,
  type ProfileImagesReferencedResult,
  type UserEmailLookupPayload,
  type UserEmailLookupResult,
  type UserLookupRequest,
  type UserLookupResult,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthConfig, emailVerificationRequired } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import { toUserSummary } from '../users/user.mapper';
import type { UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';
import { LookupBudgetRepository } from './lookup-budget.repository';

/**
 * Users as others may know them. The e-mail look-up answers the one exact match or nothing (never a list, never a
 * prefix), so sharing reveals no more than whether the address the owner typed has an account; each look-up is
 * taken from the caller's budget (AUTH_RATE_LIMIT_PER_MINUTE), whether it comes from the share dialog or an import.
 * Where addresses must be confirmed (mail configured, or REQUIRE_VERIFIED_EMAIL), an unconfirmed account is not
 * found and cannot receive shares: whoever registers a friend's address first does not get what is meant for them.
 */
@Injectable()
export class DirectoryService {
  private readonly verificationRequired: boolean;

  constructor(
    private readonly config: AuthConfig,
    private readonly users: UserRepository,
    private readonly budgets: LookupBudgetRepository,
    private readonly clock: Clock,
  ) {
    this.verificationRequired = emailVerificationRequired(config);
  }

  async findByEmail(callerId: string | undefined, payload: UserEmailLookupPayload): Promise<UserEmailLookupResult> {
    if (!callerId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
    const charge = await this.budgets.charge(callerId, this.config.AUTH_RATE_LIMIT_PER_MINUTE, this.clock.now());
    if (!charge.allowed) {
      throw new DomainError(USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED, USER_MESSAGES.tooManyLookups, {
        retryAfterSeconds: charge.retryAfterSeconds,
      });
    }
    const email = payload.email.trim();
    const user = email ? await this.users.findByEmail(email) : null;
    return { users: user && this.mayReceiveShares(user) ? [toUserSummary(user)] : [] };
  }

  /** The users among `ids` who may receive shares (unknown ids, and unconfirmed addresses where required, left out). */
  async shareRecipients(payload: UserLookupRequest): Promise<UserLookupResult> {
    const users = await this.users.findByIds([...new Set(payload.ids)]);
    return { users: users.filter((user) => this.mayReceiveShares(user)).map(toUserSummary) };
  }

  /** The owner's current profile picture, if it is among the URLs. */
  async profileImagesReferenced(payload: ProfileImagesReferencedPayload): Promise<ProfileImagesReferencedResult> {
    const current = (await this.users.findById(payload.ownerId))?.profileImageUrl;
    return { referenced: current && payload.fileUrls.includes(current) ? [current] : [] };
  }

  private mayReceiveShares(user: UserRecord): boolean {
    return !this.verificationRequired || user.emailVerifiedAt !== null;
  }
}
