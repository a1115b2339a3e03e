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
  type UserMailAddress,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthConfig, emailVerificationRequired } from '../config/auth.config';
import { toUserSummary } from '../users/user.mapper';
import type { UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';
import { RateLimitRepository } from '../sign-in-limits/rate-limit.repository';

/** The look-up budget's window: AUTH_RATE_LIMIT_PER_MINUTE look-ups per account in it. */
const LOOKUP_WINDOW_MS = 60_000;

/**
 * Users as others may know them. The e-mail look-up answers the one exact match or nothing (never a list, never a
 * prefix), so sharing reveals no more than whether the address the owner typed has an account; each look-up is
 * taken from the caller's budget (AUTH_RATE_LIMIT_PER_MINUTE), whether it comes from the share dialog or an import,
 * counted in PostgreSQL with the sign-in limits (one count for every gateway replica and the upload service).
 * Where addresses must be confirmed (mail configured, or REQUIRE_VERIFIED_EMAIL), an unconfirmed account is not
 * found and cannot receive shares: whoever registers a friend's address first does not get what is meant for them.
 */
@Injectable()
export class DirectoryService {
  private readonly verificationRequired: boolean;

  constructor(
    private readonly config: AuthConfig,
    private readonly users: UserRepository,
    private readonly limits: RateLimitRepository,
  ) {
    this.verificationRequired = emailVerificationRequired(config);
  }

  async findByEmail(callerId: string | undefined, payload: UserEmailLookupPayload): Promise<UserEmailLookupResult> {
    if (!callerId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
    const budget = await this.limits.hit({
      key: `lookup:${callerId}`,
      ttlMs: LOOKUP_WINDOW_MS,
      limit: this.config.AUTH_RATE_LIMIT_PER_MINUTE,
    });
    if (budget.isBlocked) {
      throw new DomainError(USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED, USER_MESSAGES.tooManyLookups, {
        retryAfterSeconds: Math.max(1, budget.secondsToExpire),
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

  /** A person's own address, for mail they asked for (reminders); a deleted account has none. */
  async mailAddressOf(userId: string): Promise<UserMailAddress> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(USER_ERROR_CODES.USER_NOT_FOUND, USER_MESSAGES.notFound);
    return { email: user.email, name: user.name };
  }

  private mayReceiveShares(user: UserRecord): boolean {
    return !this.verificationRequired || user.emailVerifiedAt !== null;
  }
}
