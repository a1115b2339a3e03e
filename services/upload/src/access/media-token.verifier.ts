import { createPublicKey, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from '@memories/contracts';
import { AccountStatusReader } from '@memories/nest-common';
import { UploadConfig } from '../config/upload.config';

/**
 * Reads the media cookie, which holds the session's access token: verified with the auth service's public key
 * only, ES256 and nothing else, with expiry, issuer, audience and token type, as the gateway verifies bearer tokens,
 * and refused for a disabled account (as the auth service said within ACCOUNT_STATUS_CACHE_SECONDS).
 */
@Injectable()
export class MediaTokenVerifier {
  private readonly jwt: JwtService;

  constructor(
    config: UploadConfig,
    private readonly accounts: AccountStatusReader,
  ) {
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

  /** The user id of a valid token, or null (no token, forged, expired, another kind of token, a disabled account). */
  async userIdOf(token: string | undefined): Promise<string | null> {
    const userId = await this.verifiedSubject(token);
    return userId && (await this.accounts.statusOf(userId, randomUUID())).active ? userId : null;
  }

  private async verifiedSubject(token: string | undefined): Promise<string | null> {
    if (!token) return null;
    try {
      const claims = await this.jwt.verifyAsync<Partial<AccessTokenClaims>>(token);
      return claims.typ === ACCESS_TOKEN_TYPE && typeof claims.sub === 'string' && claims.sub !== ''
        ? claims.sub
        : null;
    } catch {
      return null;
    }
  }
}
