import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import {
  DEFAULT_JWT_AUDIENCE,
  DEFAULT_JWT_ISSUER,
  DEFAULT_OIDC_DISPLAY_NAME,
  DEFAULT_OIDC_SCOPES,
  SIGNUP_MODES,
  type SignupMode,
} from '@memories/contracts';
import {
  IsBooleanVariable,
  IsEs256KeyVariable,
  IsIntegerBetween,
  MailConfig,
  validateConfig,
  type Environment,
} from '@memories/nest-common';
import { IsIssuerUrl } from './issuer-url.validator';

const singleSignOnSet = (config: AuthConfig) => config.OIDC_ISSUER !== undefined;

/** Environment of the auth service, validated at boot. */
export class AuthConfig extends MailConfig {
  override PORT: number = 3001;

  /** PEM (EC P-256) key that signs access tokens; only this service holds it. */
  @IsEs256KeyVariable('private')
  AUTH_JWT_PRIVATE_KEY!: string;

  @IsString() @IsNotEmpty() AUTH_JWT_ISSUER: string = DEFAULT_JWT_ISSUER;
  @IsString() @IsNotEmpty() AUTH_JWT_AUDIENCE: string = DEFAULT_JWT_AUDIENCE;

  /** Lifetime of an access token; at most 15 minutes. */
  @IsIntegerBetween(30, 900)
  AUTH_ACCESS_TOKEN_TTL_SECONDS: number = 900;

  /** Lifetime of a refresh token (and of the remember-me cookie). */
  @IsIntegerBetween(1, 365)
  AUTH_REFRESH_TOKEN_TTL_DAYS: number = 30;

  /** Argon2id memory cost in KiB; the OWASP minimum for Argon2id with t=2 is 19456 (19 MiB). */
  @IsIntegerBetween(19456, 1048576)
  AUTH_ARGON2_MEMORY_KIB: number = 19456;

  /**
   * Single sign-on (docs/decisions.md, "Single sign-on"): the OpenID Connect provider's issuer URL; unset, there is
   * none. Every OIDC_* variable may also be read from a file (`OIDC_CLIENT_SECRET_FILE`...), as every variable.
   */
  @IsOptional()
  @IsIssuerUrl()
  OIDC_ISSUER?: string;

  @ValidateIf(singleSignOnSet)
  @MaxLength(255)
  @IsString({ message: 'OIDC_CLIENT_ID must be set when OIDC_ISSUER is' })
  OIDC_CLIENT_ID?: string;

  /** The client's secret; unset for a public client (PKCE alone), where the provider allows one. */
  @IsOptional()
  @IsString()
  OIDC_CLIENT_SECRET?: string;

  /** The login button says "Sign in with {OIDC_DISPLAY_NAME}". */
  @MaxLength(60)
  @IsString()
  OIDC_DISPLAY_NAME: string = DEFAULT_OIDC_DISPLAY_NAME;

  @Matches(/^(?=(.* )?openid( |$))[\x21-\x7e]+( [\x21-\x7e]+)*$/, {
    message: 'OIDC_SCOPES must be scopes separated by single spaces, openid among them',
  })
  OIDC_SCOPES: string = DEFAULT_OIDC_SCOPES;

  /** A first sign-in by single sign-on creates the account (as far as the sign-up mode lets anyone in). */
  @IsBooleanVariable()
  OIDC_AUTO_PROVISION: boolean = true;

  /** Logging out also sends the browser to the provider's end_session_endpoint, after a single sign-on. */
  @IsBooleanVariable()
  OIDC_LOGOUT: boolean = false;

  /**
   * false: no password sign-in or registration (single sign-on only), unless the instance owner turned it back on
   * with `npm run admin -- password-login on`. Needs OIDC_ISSUER, or nobody could sign in.
   */
  @IsBooleanVariable()
  @ValidateBy({
    name: 'passwordLoginNeedsSingleSignOn',
    validator: {
      validate: (value: unknown, args) => value !== false || singleSignOnSet(args?.object as AuthConfig),
      defaultMessage: () => 'PASSWORD_LOGIN=false needs OIDC_ISSUER (single sign-on), or nobody could sign in',
    },
  })
  PASSWORD_LOGIN: boolean = true;

  /**
   * The origin that serves the web app: where the links in e-mails point, and the passkey relying party (its host
   * name is the RP ID, which browsers refuse to be an IP address).
   */
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL: string = 'http://localhost:3000';

  /**
   * Who may sign up until an admin chooses at run time: `open` here and in `npm start` (which listens on 127.0.0.1),
   * `invite` in the compose and Kubernetes manifests. The first account of an empty instance may always sign up.
   */
  @IsIn(SIGNUP_MODES, { message: `SIGNUP_MODE must be one of ${SIGNUP_MODES.join(', ')}` })
  SIGNUP_MODE: SignupMode = 'open';

  /**
   * Without mail, addresses are trusted unless this is true; then only an address an invite reached or an admin
   * vouched for can be found by the e-mail look-up and receive shares. With SMTP_URL set, verification is always
   * required (the owner of the address can confirm it).
   */
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'REQUIRE_VERIFIED_EMAIL must be true or false' })
  REQUIRE_VERIFIED_EMAIL: boolean = false;

  /** E-mail look-ups per minute and signed-in user (the share dialog's, and an import's restored shares). */
  @IsIntegerBetween(1, 100000)
  AUTH_RATE_LIMIT_PER_MINUTE: number = 10;
}

/** Whether an address must be confirmed before it can be found or receive shares. */
export function emailVerificationRequired(config: AuthConfig): boolean {
  return Boolean(config.SMTP_URL) || config.REQUIRE_VERIFIED_EMAIL;
}

export function loadAuthConfig(env: Environment): AuthConfig {
  return validateConfig(AuthConfig, env);
}
