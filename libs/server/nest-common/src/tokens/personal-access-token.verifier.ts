import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  PERSONAL_ACCESS_TOKEN_PREFIX,
  TOKEN_ERROR_CODES,
  TOKEN_MESSAGES,
  TOKEN_SUBJECTS,
  scopeAllows,
  tokenScopeOf,
  type TokenGrant,
} from '@memories/contracts';
import { BusClient } from '../bus/bus.client';
import { DomainError } from '../errors/domain.error';

/**
 * How long an answer of the auth service about a token is reused: a script's burst of calls asks once. A revocation
 * through this process forgets the token at once; through another replica it reaches this one within this time.
 */
export const TOKEN_CACHE_TTL_MS = 10_000;
const TOKEN_CACHE_SIZE = 10_000;

/** What presented a personal access token may do on one route. */
export type TokenAccess = { grant: TokenGrant } | { refused: DomainError } | null;

export function isPersonalAccessToken(token: string | undefined): token is string {
  return token?.startsWith(PERSONAL_ACCESS_TOKEN_PREFIX) === true;
}

/**
 * Checks personal access tokens for the gateway and the upload service: who a token speaks for comes from the auth
 * service (over the bus, remembered for TOKEN_CACHE_TTL_MS, keyed by the token's hash), what it may do on a route
 * from TOKEN_ROUTE_SCOPES, the one table of what tokens may call.
 */
@Injectable()
export class PersonalAccessTokenVerifier {
  private readonly grants = new LRUCache<string, { grant: TokenGrant | null }>({
    max: TOKEN_CACHE_SIZE,
    ttl: TOKEN_CACHE_TTL_MS,
  });

  constructor(private readonly bus: BusClient) {}

  /**
   * null for a token that is not live (unknown, expired, revoked: a 401); a 403 refusal for a live token on a route
   * tokens may not use, or a read token on a route that writes; otherwise the grant.
   */
  async access(token: string, method: string, routePath: string, correlationId: string): Promise<TokenAccess> {
    const grant = await this.grantOf(token, correlationId);
    if (!grant) return null;
    const needed = tokenScopeOf(method, routePath);
    if (!needed)
      return { refused: new DomainError(TOKEN_ERROR_CODES.TOKEN_ROUTE_FORBIDDEN, TOKEN_MESSAGES.routeForbidden) };
    if (!scopeAllows(grant.scope, needed))
      return { refused: new DomainError(TOKEN_ERROR_CODES.TOKEN_SCOPE_FORBIDDEN, TOKEN_MESSAGES.readOnly) };
    return { grant };
  }

  /** After a revocation through this process: the token (by id) or all of an account's tokens answer 401 at once. */
  forget({ tokenId, userId }: { tokenId?: string; userId?: string }): void {
    for (const [key, { grant }] of this.grants.entries()) {
      if (grant && (grant.tokenId === tokenId || grant.userId === userId)) this.grants.delete(key);
    }
  }

  private async grantOf(token: string, correlationId: string): Promise<TokenGrant | null> {
    const key = createHash('sha256').update(token).digest('base64url');
    const remembered = this.grants.get(key);
    if (remembered) return remembered.grant;
    const answer = await this.bus.request(TOKEN_SUBJECTS.verify, { token }, { correlationId });
    this.grants.set(key, answer);
    return answer.grant;
  }
}
