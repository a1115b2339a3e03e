import { Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { SINGLE_SIGN_ON_CALLBACK_PATH, SINGLE_SIGN_ON_ERROR_CODES, SINGLE_SIGN_ON_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';

/** A failed discovery is not tried again for this long: a login page opened meanwhile says "unavailable" at once. */
export const DISCOVERY_RETRY_MS = 5_000;
/** Seconds any request to the provider may take (discovery, token, userinfo, keys). */
const PROVIDER_TIMEOUT_SECONDS = 3;

export type TokenEndpointAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none';

/**
 * How the client proves itself at the token endpoint: no secret, none (a public client, PKCE alone); otherwise
 * client_secret_basic where the provider supports it (the specification's default when it does not say), else
 * client_secret_post. A provider that supports neither cannot be used with a secret.
 */
export function tokenEndpointAuthMethod(supported: string[] | undefined, secret: string | undefined) {
  if (!secret) return 'none';
  const methods = supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  throw new Error(
    `the provider supports neither client_secret_basic nor client_secret_post, only: ${methods.join(', ')}`,
  );
}

const clientAuthentication = {
  none: () => oidc.None(),
  client_secret_basic: (secret?: string) => oidc.ClientSecretBasic(secret),
  client_secret_post: (secret?: string) => oidc.ClientSecretPost(secret),
} satisfies Record<TokenEndpointAuthMethod, (secret?: string) => oidc.ClientAuth>;

/** What a verified sign-in says: the ID token's claims (completed from userinfo where they lack an address). */
export interface VerifiedSignIn {
  claims: Record<string, unknown> & { iss: string; sub: string };
  idToken: string;
}

/** What the callback must match: the values its authorization request was made with. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

interface Discovery {
  startedAt: number;
  failed: boolean;
  configuration: Promise<oidc.Configuration>;
}

function unavailable(): DomainError {
  return new DomainError(SINGLE_SIGN_ON_ERROR_CODES.SINGLE_SIGN_ON_UNAVAILABLE, SINGLE_SIGN_ON_MESSAGES.unavailable);
}

/** The provider did not answer: not reachable, refused the connection, or too slow. */
function isUnreachable(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return (
    name === 'TimeoutError' || name === 'AbortError' || (error instanceof TypeError && /fetch/i.test(error.message))
  );
}

/**
 * The OpenID Connect provider as the auth service speaks to it, through `openid-client`: its metadata found by
 * discovery at first use (never at start-up: a provider that is down must not stop Memories) and tried again after
 * a failure; the authorization URL; the code exchange with the ID token checked (signature against the provider's
 * keys, iss, aud, exp, nonce) and the logout URL.
 */
@Injectable()
export class IdentityProviderClient {
  private readonly logger = new Logger(IdentityProviderClient.name);
  private discovery?: Discovery;

  constructor(
    private readonly config: AuthConfig,
    private readonly clock: Clock,
  ) {}

  isConfigured(): boolean {
    return this.config.OIDC_ISSUER !== undefined;
  }

  /** `{PUBLIC_URL}/api/auth/oidc/callback`, which the provider must list as a redirect URI of the client. */
  get redirectUri(): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${SINGLE_SIGN_ON_CALLBACK_PATH}`;
  }

  /** Whether the provider can be used now (discovering it if that was not tried lately). */
  async available(): Promise<boolean> {
    return this.configuration().then(
      () => true,
      () => false,
    );
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<string> {
    const configuration = await this.configuration();
    return oidc.buildAuthorizationUrl(configuration, {
      response_type: 'code',
      redirect_uri: this.redirectUri,
      scope: this.config.OIDC_SCOPES,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    }).href;
  }

  /**
   * Exchanges the callback's code for tokens and checks the ID token. The provider refusing the sign-in (an error in
   * the callback), a provider out of reach, and an answer that fails any check are told apart by their error code.
   */
  async verify(query: string, checks: AuthorizationChecks): Promise<VerifiedSignIn> {
    const configuration = await this.configuration();
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, new URL(`${this.redirectUri}?${query}`), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims() as VerifiedSignIn['claims'];
      const idToken = tokens.id_token as string;
      if (typeof claims.email === 'string' || !configuration.serverMetadata().userinfo_endpoint) {
        return { claims, idToken };
      }
      // A provider that keeps the profile for the userinfo endpoint (OIDC's own default) tells it there.
      const profile = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return {
        claims: { ...profile, ...claims, email: profile.email, email_verified: profile.email_verified },
        idToken,
      };
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        this.logger.log(`The provider refused a sign-in: ${error.error} ${error.error_description ?? ''}`);
        throw new DomainError(
          SINGLE_SIGN_ON_ERROR_CODES.PROVIDER_SIGN_IN_REFUSED,
          SINGLE_SIGN_ON_MESSAGES.providerRefused,
        );
      }
      if (isUnreachable(error)) throw unavailable();
      this.logger.warn(`A sign-in answer of the provider failed its checks: ${String(error)}`);
      throw new DomainError(
        SINGLE_SIGN_ON_ERROR_CODES.PROVIDER_ANSWER_INVALID,
        SINGLE_SIGN_ON_MESSAGES.providerAnswerInvalid,
      );
    }
  }

  /** The provider's logout for a session its ID token started, coming back to our login page; null without one. */
  async endSessionUrl(idToken: string): Promise<string | null> {
    const configuration = await this.configuration().catch(() => null);
    if (!configuration?.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/login`,
    }).href;
  }

  private async configuration(): Promise<oidc.Configuration> {
    if (!this.isConfigured()) {
      throw new DomainError(SINGLE_SIGN_ON_ERROR_CODES.SINGLE_SIGN_ON_NOT_FOUND, SINGLE_SIGN_ON_MESSAGES.notConfigured);
    }
    const now = this.clock.now().getTime();
    if (!this.discovery || (this.discovery.failed && now - this.discovery.startedAt >= DISCOVERY_RETRY_MS)) {
      const discovery: Discovery = { startedAt: now, failed: false, configuration: this.discover() };
      discovery.configuration.catch((error: unknown) => {
        discovery.failed = true;
        this.logger.warn(`Single sign-on is unavailable: discovery of ${this.config.OIDC_ISSUER} failed: ${error}`);
      });
      this.discovery = discovery;
    }
    return this.discovery.configuration.catch(() => {
      throw unavailable();
    });
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.config.OIDC_ISSUER as string);
    // The configuration accepts http only on a loopback address (a provider on this machine).
    const execute = issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const found = await oidc.discovery(issuer, this.config.OIDC_CLIENT_ID as string, undefined, undefined, {
      execute,
      timeout: PROVIDER_TIMEOUT_SECONDS,
    });
    const metadata = found.serverMetadata();
    const secret = this.config.OIDC_CLIENT_SECRET;
    const method = tokenEndpointAuthMethod(metadata.token_endpoint_auth_methods_supported, secret);
    const configuration = new oidc.Configuration(
      metadata,
      this.config.OIDC_CLIENT_ID as string,
      secret ? { client_secret: secret } : undefined,
      clientAuthentication[method](secret),
    );
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    for (const enable of [...execute, oidc.enableNonRepudiationChecks]) enable(configuration);
    this.logger.log(`Single sign-on with ${metadata.issuer} (token endpoint authentication: ${method})`);
    return configuration;
  }
}
