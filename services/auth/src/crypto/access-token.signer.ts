import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_TYPE, type AccessTokenClaims } from '@memories/contracts';
import { AuthConfig } from '../config/auth.config';

/** Signs short-lived access tokens with the service's private ES256 key; the gateway holds only the public key. */
@Injectable()
export class AccessTokenSigner {
  private readonly jwt: JwtService;

  constructor(config: AuthConfig) {
    this.jwt = new JwtService({
      privateKey: config.AUTH_JWT_PRIVATE_KEY,
      signOptions: {
        algorithm: ACCESS_TOKEN_ALGORITHM,
        issuer: config.AUTH_JWT_ISSUER,
        audience: config.AUTH_JWT_AUDIENCE,
        expiresIn: config.AUTH_ACCESS_TOKEN_TTL_SECONDS,
      },
    });
  }

  sign(userId: string): Promise<string> {
    const claims: AccessTokenClaims = { sub: userId, typ: ACCESS_TOKEN_TYPE };
    return this.jwt.signAsync(claims);
  }
}
