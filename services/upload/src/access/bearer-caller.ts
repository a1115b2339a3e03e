import { Injectable } from '@nestjs/common';
import { ERROR_CODES, type HttpMethod } from '@memories/contracts';
import {
  AccountStatusReader,
  correlationIdOf,
  DomainError,
  isPersonalAccessToken,
  PersonalAccessTokenVerifier,
} from '@memories/nest-common';
import { MediaTokenVerifier } from './media-token.verifier';

/** A route of the service's HTTP contract: its method and its path as the API document writes it. */
export interface RouteOfContract {
  method: HttpMethod;
  path: string;
}

interface BearerRequest {
  headers: Record<string, string | string[] | undefined>;
}

export interface BearerCallerIdentity {
  userId: string;
  correlationId: string;
}

/** The token of an `Authorization: Bearer …` header, if there is one. */
export function bearerTokenOf(request: BearerRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' && /^Bearer /i.test(header) ? header.slice(7).trim() || undefined : undefined;
}

/**
 * Who calls the service's own HTTP routes with a bearer token, as the gateway decides it: a session's access token
 * (verified with the auth service's public key), or a personal access token on a route its scope may use
 * (TOKEN_ROUTE_SCOPES, asked of the auth service); either of an account that is still enabled.
 */
@Injectable()
export class BearerCaller {
  constructor(
    private readonly accessTokens: MediaTokenVerifier,
    private readonly personalTokens: PersonalAccessTokenVerifier,
    private readonly accounts: AccountStatusReader,
  ) {}

  /** The caller, or 401; a personal access token on a route it may not use is a 403. */
  async require(request: BearerRequest, route: RouteOfContract): Promise<BearerCallerIdentity> {
    const correlationId = correlationIdOf(request);
    const userId = await this.userIdOf(bearerTokenOf(request), route, correlationId);
    if (!userId) throw new DomainError(ERROR_CODES.UNAUTHORIZED, 'Authentication required');
    return { userId, correlationId };
  }

  /** The token's user; null for no token or one that is not live; throws a token's 403. */
  async userIdOf(token: string | undefined, route: RouteOfContract, correlationId: string): Promise<string | null> {
    if (!isPersonalAccessToken(token)) return this.accessTokens.userIdOf(token);
    const access = await this.personalTokens.access(token, route.method, route.path, correlationId);
    if (access && 'refused' in access) throw access.refused;
    const userId = access?.grant.userId;
    // The token check is cached longer than the account's status: a disabled account's tokens stop with its status.
    return userId && (await this.accounts.statusOf(userId, correlationId)).active ? userId : null;
  }
}
