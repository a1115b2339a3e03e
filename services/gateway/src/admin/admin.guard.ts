import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { authenticatedRoleOf } from '../auth/authenticated-request';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';

/**
 * Every /api/admin route: the caller's role as the global guard read it from the auth service (at most
 * ACCOUNT_STATUS_CACHE_SECONDS old). A member gets 403; the auth service checks again from its own table.
 */
@Injectable()
@ApiGuardAnswers({ errors: [ADMIN_ERROR_CODES.ADMIN_ONLY_FORBIDDEN] })
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (authenticatedRoleOf(context.switchToHttp().getRequest<object>()) !== 'admin') {
      throw new DomainError(ADMIN_ERROR_CODES.ADMIN_ONLY_FORBIDDEN, ADMIN_MESSAGES.adminOnly);
    }
    return true;
  }
}
