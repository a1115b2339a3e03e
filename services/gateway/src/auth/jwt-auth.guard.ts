import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@memories/contracts';
import { AccountStatusReader, DomainError, IS_PUBLIC_KEY, correlationIdOf } from '@memories/nest-common';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';
import { AccessTokenVerifier } from './access-token.verifier';
import { setAuthenticatedUser } from './authenticated-request';

interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/**
 * The gateway's global guard: every route needs a valid bearer access token unless it is marked @Public(), of an
 * account that is still enabled (as the auth service said within ACCOUNT_STATUS_CACHE_SECONDS).
 */
@Injectable()
@ApiGuardAnswers({ errors: [AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED] })
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AccessTokenVerifier,
    private readonly accounts: AccountStatusReader,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<RequestWithHeaders>();
    const header = request.headers.authorization;
    const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    const userId = token ? await this.verifier.verify(token) : null;
    // A disabled (or deleted) account's token is refused like an expired one: the web client's refresh then fails
    // too (its sessions were revoked), and it signs out.
    const status = userId ? await this.accounts.statusOf(userId, correlationIdOf(request)) : null;
    if (!userId || !status?.active) {
      throw new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
    }
    setAuthenticatedUser(request, userId, status.role);
    return true;
  }
}
