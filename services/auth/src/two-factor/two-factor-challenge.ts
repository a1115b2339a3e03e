import { createPublicKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_ALGORITHM, type TwoFactorChallenge } from '@memories/contracts';
import { AuthConfig } from '../config/auth.config';

/** How long the second login step may take. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 300;
const CHALLENGE_TYPE = 'two-factor';
/** Not the API's audience: the gateway's access-token check refuses it, and so does everything but the second step. */
const CHALLENGE_AUDIENCE = 'memories-two-factor';

interface ChallengeClaims {
  sub: string;
  typ: typeof CHALLENGE_TYPE;
  /** Remember me, as asked in the first step. */
  rem: boolean;
}

export interface VerifiedChallenge {
  userId: string;
  rememberMe: boolean;
}

/**
 * The proof that the first login step (the password) succeeded: a short-lived ES256 token signed with the
 * service's key. It grants nothing on its own: its type and audience differ from an access token's, and only the
 * second step reads it.
 */
@Injectable()
export class TwoFactorChallengeSigner {
  private readonly jwt: JwtService;

  constructor(config: AuthConfig) {
    this.jwt = new JwtService({
      privateKey: config.AUTH_JWT_PRIVATE_KEY,
      publicKey: createPublicKey(config.AUTH_JWT_PRIVATE_KEY).export({ type: 'spki', format: 'pem' }).toString(),
      signOptions: {
        algorithm: ACCESS_TOKEN_ALGORITHM,
        issuer: config.AUTH_JWT_ISSUER,
        audience: CHALLENGE_AUDIENCE,
        expiresIn: TWO_FACTOR_CHALLENGE_TTL_SECONDS,
      },
      verifyOptions: {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: config.AUTH_JWT_ISSUER,
        audience: CHALLENGE_AUDIENCE,
      },
    });
  }

  async sign(userId: string, rememberMe: boolean, now: Date): Promise<TwoFactorChallenge> {
    const claims: ChallengeClaims = { sub: userId, typ: CHALLENGE_TYPE, rem: rememberMe };
    return {
      twoFactorRequired: true,
      challengeToken: await this.jwt.signAsync(claims),
      expiresAt: new Date(now.getTime() + TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    };
  }

  /** The user and remember-me choice of a valid, unexpired challenge; null for anything else. */
  async verify(token: string): Promise<VerifiedChallenge | null> {
    try {
      const claims = await this.jwt.verifyAsync<Partial<ChallengeClaims>>(token);
      if (claims.typ !== CHALLENGE_TYPE || typeof claims.sub !== 'string') return null;
      return { userId: claims.sub, rememberMe: claims.rem === true };
    } catch {
      return null;
    }
  }
}
