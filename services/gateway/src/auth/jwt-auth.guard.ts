import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, TOKEN_ERROR_CODES } from '@memories/contracts';
import {
  AccountStatusReader,
  DomainError,
  IS_PUBLIC_KEY,
  PersonalAccessTokenVerifier,
  correlationIdOf,
  isPersonalAccessToken,
} from '@memories/nest-common';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';
import { AccessTokenVerifier } from './access-token.verifier';
import { setAuthenticatedUser } from './authenticated-request';

interface RequestWithHeaders {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** Fastify's: the route's path as registered (`/api/memories/:id`). */
  routeOptions?: { url?: string };
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/**
 * The gateway's global guard: every route needs a valid bearer access token unless it is marked @Public(), or a
 * personal access token (`mem_pat_…`) on a route TOKEN_ROUTE_SCOPES lets its scope use; either of an account that is
 * still enabled (as the auth service said within ACCOUNT_STATUS_CACHE_SECONDS).
 */
@Injectable()
@ApiGuardAnswers({
  errors: [
    AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED,
    TOKEN_ERROR_CODES.TOKEN_ROUTE_FORBIDDEN,
    TOKEN_ERROR_CODES.TOKEN_SCOPE_FORBIDDEN,
  ],
})
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AccessTokenVerifier,
    private readonly personalTokens: PersonalAccessTokenVerifier,
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
    const userId = isPersonalAccessToken(token)
      ? await this.personalTokenUser(request, token)
      : token
        ? await this.verifier.verify(token)
        : null;
    // A disabled (or deleted) account's token is refused like an expired one: the web client's refresh then fails
    // too (its sessions were revoked), and it signs out.
    const status = userId ? await this.accounts.statusOf(userId, correlationIdOf(request)) : null;
    if (!userId || !status?.active) {
      throw new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
    }
    setAuthenticatedUser(request, userId, status.role);
    return true;
  }

  /** The token's owner on a route its scope allows; a 403 elsewhere; null for a token that is not live. */
  private async personalTokenUser(request: RequestWithHeaders, token: string): Promise<string | null> {
    const route = request.routeOptions?.url ?? request.url;
    const access = await this.personalTokens.access(token, request.method, route, correlationIdOf(request));
    if (access && 'refused' in access) throw access.refused;
    return access?.grant.userId ?? null;
  }
}
