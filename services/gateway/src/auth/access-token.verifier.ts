import { createPublicKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { LRUCache } from 'lru-cache';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from '@memories/contracts';
import { GatewayConfig } from '../config/gateway.config';

/** How many verified tokens are remembered: a few MB at most, far more than the sessions one gateway serves at once. */
export const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

interface RememberedToken {
  userId: string;
  expiresAtMs: number;
}

/**
 * Verifies access tokens with the auth service's public key only: signature (ES256 and nothing else, so neither
 * `none` nor an HMAC signed with the public key passes), expiry, issuer, audience, and the token type.
 *
 * A token that passed is remembered until it expires, so the next requests with it skip the ECDSA check (the
 * largest single cost of an authenticated request). That changes nothing a token means: access tokens are
 * stateless and cannot be revoked before their expiry anyway, and the cache is keyed by the whole token, signature
 * included, so only the exact string that was verified is ever accepted from it. Refused tokens are not remembered.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly jwt: JwtService;
  private readonly verified = new LRUCache<string, RememberedToken>({ max: VERIFIED_TOKEN_CACHE_SIZE });

  constructor(config: GatewayConfig) {
    // Parsed once: given the PEM text, jsonwebtoken parses the key again on every verify (about 3/4 of its cost).
    this.jwt = new JwtService({
      publicKey: createPublicKey(config.AUTH_JWT_PUBLIC_KEY),
      verifyOptions: {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: config.AUTH_JWT_ISSUER,
        audience: config.AUTH_JWT_AUDIENCE,
      },
    });
  }

  /** The user id of a valid access token, or null for anything else. */
  async verify(token: string): Promise<string | null> {
    const remembered = this.verified.get(token);
    // The expiry is compared here on every use, with the same clock jsonwebtoken uses, not left to the cache's timer.
    if (remembered !== undefined && remembered.expiresAtMs > Date.now()) return remembered.userId;
    try {
      const claims = await this.jwt.verifyAsync<Partial<AccessTokenClaims> & { exp?: number }>(token);
      if (claims.typ !== ACCESS_TOKEN_TYPE || typeof claims.sub !== 'string' || claims.sub === '') return null;
      this.remember(token, claims.sub, claims.exp);
      return claims.sub;
    } catch {
      return null;
    }
  }

  private remember(token: string, userId: string, expiresAtSeconds: number | undefined): void {
    // A token without an expiry is valid but never remembered: the cache must not outlive what the token says.
    if (typeof expiresAtSeconds !== 'number') return;
    const expiresAtMs = expiresAtSeconds * 1000;
    const ttl = expiresAtMs - Date.now();
    if (ttl > 0) this.verified.set(token, { userId, expiresAtMs }, { ttl });
  }
}
