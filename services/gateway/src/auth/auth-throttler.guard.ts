import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';

/** Rate limit of the credential endpoints; the 429 leaves in the API's envelope with a message a person understands. */
@Injectable()
@ApiGuardAnswers({ errors: [AUTH_ERROR_CODES.AUTH_RATE_LIMITED] })
export class AuthThrottlerGuard extends ThrottlerGuard {
  /**
   * The client address as Fastify resolved it through the trusted proxy hops. (The default takes `ips[0]`, which
   * in Fastify is the nearest hop: behind a proxy every client would share the proxy's budget.)
   */
  protected override async getTracker(request: Record<string, unknown>): Promise<string> {
    return String(request.ip);
  }

  protected override async throwThrottlingException(): Promise<void> {
    throw new DomainError(AUTH_ERROR_CODES.AUTH_RATE_LIMITED, AUTH_MESSAGES.tooManyAttempts);
  }
}
