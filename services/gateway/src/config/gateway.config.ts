import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';
import { DEFAULT_JWT_AUDIENCE, DEFAULT_JWT_ISSUER } from '@memories/contracts';
import { IsEs256PemKey, ServerConfig, normalisePem, validateConfig, type Environment } from '@memories/nest-common';

/** Environment of the gateway, validated at boot. */
export class GatewayConfig extends ServerConfig {
  override PORT: number = 3000;

  /** PEM (EC P-256) public key of the auth service: the gateway verifies access tokens, it cannot sign them. */
  @Transform(({ value }: { value: unknown }) => normalisePem(value))
  @IsEs256PemKey('public')
  AUTH_JWT_PUBLIC_KEY!: string;

  @IsString()
  @IsNotEmpty()
  AUTH_JWT_ISSUER: string = DEFAULT_JWT_ISSUER;

  @IsString()
  @IsNotEmpty()
  AUTH_JWT_AUDIENCE: string = DEFAULT_JWT_AUDIENCE;

  /** Secure flag of the refresh cookie. Browsers accept Secure cookies on http://localhost and 127.0.0.1. */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'COOKIE_SECURE must be true or false' })
  COOKIE_SECURE: boolean = true;

  /** Attempts per minute and client address on login, register and forgot-password (each counted separately). */
  @Type(() => Number)
  @Min(1)
  @Max(100000)
  @IsInt()
  AUTH_RATE_LIMIT_PER_MINUTE: number = 10;
}

export function loadGatewayConfig(env: Environment): GatewayConfig {
  return validateConfig(GatewayConfig, env);
}
