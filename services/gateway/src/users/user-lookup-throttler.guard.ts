import { Injectable } from '@nestjs/common';
import { USER_ERROR_CODES, USER_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthThrottlerGuard } from '../auth/auth-throttler.guard';
import { authenticatedUserIdOf } from '../auth/authenticated-request';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';

/**
 * The e-mail look-up's rate limit: AUTH_RATE_LIMIT_PER_MINUTE look-ups per minute and signed-in user (not per
 * address: people behind one proxy do not share a budget, and one account cannot spread its guesses over addresses).
 */
@Injectable()
@ApiGuardAnswers({ errors: [USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED] })
export class UserLookupThrottlerGuard extends AuthThrottlerGuard {
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return authenticatedUserIdOf(request);
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainError(USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED, USER_MESSAGES.tooManyLookups);
  }
}
