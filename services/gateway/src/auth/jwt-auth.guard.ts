import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@memories/contracts';
import { DomainError, IS_PUBLIC_KEY } from '@memories/nest-common';
import { ApiGuardAnswers } from '../openapi/api-guard-answers.decorator';
import { AccessTokenVerifier } from './access-token.verifier';
import { setAuthenticatedUserId } from './authenticated-request';

interface RequestWithHeaders {
  headers: Record<string, string | string[] | undefined>;
}

const BEARER = /^Bearer ([A-Za-z0-9_\-.]+)$/;

/** The gateway's global guard: every route needs a valid bearer access token unless it is marked @Public(). */
@Injectable()
@ApiGuardAnswers({ errors: [AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED] })
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly verifier: AccessTokenVerifier,
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
    if (!userId) throw new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
    setAuthenticatedUserId(request, userId);
    return true;
  }
}
