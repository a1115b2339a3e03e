import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';

/** Rate limit of the credential endpoints; the 429 leaves in the API's envelope with a message a person understands. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainError(AUTH_ERROR_CODES.AUTH_RATE_LIMITED, AUTH_MESSAGES.tooManyAttempts);
  }
}
