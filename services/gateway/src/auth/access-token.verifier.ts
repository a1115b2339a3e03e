import { createPublicKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from '@memories/contracts';
import { GatewayConfig } from '../config/gateway.config';

/**
 * Verifies access tokens with the auth service's public key only: signature (ES256 and nothing else, so neither
 * `none` nor an HMAC signed with the public key passes), expiry, issuer, audience, and the token type.
 */
@Injectable()
export class AccessTokenVerifier {
  private readonly jwt: JwtService;

  constructor(config: GatewayConfig) {
    // Parsed once: given the PEM text, jsonwebtoken parses the key again on every verify (about 3/4 of its cost).
    this.jwt = new JwtService({
      publicKey: createPublicKey(config.AUTH_JWT_PUBLIC_KEY),
      verifyOptions: { algorithms: [ACCESS_TOKEN_ALGORITHM], issuer: config.AUTH_JWT_ISSUER, audience: config.AUTH_JWT_AUDIENCE },
    });
  }

  /** The user id of a valid access token, or null for anything else. */
  async verify(token: string): Promise<string | null> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<AccessTokenClaims>>(token);
      return claims.typ === ACCESS_TOKEN_TYPE && typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
    } catch {
      return null;
    }
  }
}
