import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString } from 'class-validator';
import { DEFAULT_JWT_AUDIENCE, DEFAULT_JWT_ISSUER } from '@memories/contracts';
import {
  IsEs256KeyVariable,
  IsIntegerBetween,
  ServerConfig,
  validateConfig,
  type Environment,
} from '@memories/nest-common';

/** Environment of the gateway, validated at boot. */
export class GatewayConfig extends ServerConfig {
  override PORT: number = 3000;

  /** PEM (EC P-256) public key of the auth service: the gateway verifies access tokens, it cannot sign them. */
  @IsEs256KeyVariable('public')
  AUTH_JWT_PUBLIC_KEY!: string;

  @IsString() @IsNotEmpty() AUTH_JWT_ISSUER: string = DEFAULT_JWT_ISSUER;
  @IsString() @IsNotEmpty() AUTH_JWT_AUDIENCE: string = DEFAULT_JWT_AUDIENCE;

  /** Secure flag of the refresh cookie. Browsers accept Secure cookies on http://localhost and 127.0.0.1. */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE: boolean = true;

  /**
   * How many reverse proxies stand in front of the gateway (compose's nginx, the cluster's ingress, the dev server:
   * 1). The client address is read that many hops back in X-Forwarded-For; anything further is client-written and
   * ignored, so a client cannot escape the rate limit by sending the header itself. The standalone uses 0.
   */
  @IsIntegerBetween(0, 10)
  TRUST_PROXY_HOPS: number = 1;

  /** Attempts per minute and client address on each credential endpoint (login, register, forgot-password...). */
  @IsIntegerBetween(1, 100000)
  AUTH_RATE_LIMIT_PER_MINUTE: number = 10;

  /**
   * How long the gateway trusts what the auth service last said of an account (disabled, role): a disabled account's
   * access tokens and a demoted admin's admin routes stop working within this time on every replica.
   */
  @IsIntegerBetween(1, 60)
  ACCOUNT_STATUS_CACHE_SECONDS: number = 30;
}

export function loadGatewayConfig(env: Environment): GatewayConfig {
  return validateConfig(GatewayConfig, env);
}
