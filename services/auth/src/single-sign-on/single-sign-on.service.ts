import { Injectable, Logger } from '@nestjs/common';
import {
  DEFAULT_SIGN_IN_RETURN_PATH,
  LINKED_SIGN_IN_PATH,
  SIGN_IN_REQUEST_TTL_MS,
  SINGLE_SIGN_ON_ERROR_CODES,
  SINGLE_SIGN_ON_MESSAGES,
  SINGLE_SIGN_ON_START_PATH,
  type LinkIdentityPayload,
  type SignInCallbackOutcome,
  type SignInCallbackRequest,
  type SignInOptions,
  type SignInStartRequest,
  type SignInStarted,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AccountGuard } from '../account-security/account-guard';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { SessionIssuer } from '../sessions/session-issuer';
import { IdentityProviderClient } from './identity-provider.client';
import { PasswordLoginPolicy } from './password-login.policy';
import { profileOf } from './provider-profile';
import { SignInRequestRepository, type NewSignInRequest } from './sign-in-request.repository';
import { SingleSignOnAccounts } from './single-sign-on-accounts';

/** A state longer than this is none we made (ours are 43 characters). */
const MAX_STATE_LENGTH = 512;

const REFUSAL_OF_CLAIM = {
  unknown: SINGLE_SIGN_ON_ERROR_CODES.SIGN_IN_REQUEST_INVALID,
  'other-browser': SINGLE_SIGN_ON_ERROR_CODES.SIGN_IN_REQUEST_INVALID,
  used: SINGLE_SIGN_ON_ERROR_CODES.SIGN_IN_REQUEST_USED_CONFLICT,
  expired: SINGLE_SIGN_ON_ERROR_CODES.SIGN_IN_REQUEST_EXPIRED_UNAUTHORIZED,
} as const;

/**
 * Single sign-on (OpenID Connect authorization code flow with PKCE S256, state and nonce): starts a sign-in or the
 * linking of a provider to an account, and completes either at the callback. A callback signs in the way a password
 * does (a session, the refresh cookie at the gateway); it skips our own two-factor step, since the provider is the
 * authority on how its people prove who they are (docs/decisions.md, "Single sign-on").
 */
@Injectable()
export class SingleSignOnService {
  private readonly logger = new Logger(SingleSignOnService.name);

  constructor(
    private readonly config: AuthConfig,
    private readonly provider: IdentityProviderClient,
    private readonly requests: SignInRequestRepository,
    private readonly accounts: SingleSignOnAccounts,
    private readonly account: AccountGuard,
    private readonly passwordLogin: PasswordLoginPolicy,
    private readonly sessionIssuer: SessionIssuer,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
  ) {}

  async signInOptions(): Promise<SignInOptions> {
    const passwordLogin = await this.passwordLogin.enabled();
    if (!this.provider.isConfigured()) return { passwordLogin, singleSignOn: null };
    return {
      passwordLogin,
      singleSignOn: {
        displayName: this.config.OIDC_DISPLAY_NAME,
        available: await this.provider.available(),
        startUrl: `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${SINGLE_SIGN_ON_START_PATH}`,
      },
    };
  }

  start(payload: SignInStartRequest): Promise<SignInStarted> {
    return this.begin({
      purpose: 'sign-in',
      userId: null,
      persistent: payload.rememberMe,
      returnTo: payload.returnTo ?? DEFAULT_SIGN_IN_RETURN_PATH,
      inviteToken: payload.inviteToken ?? null,
    });
  }

  /** Linking adds a way into the account: the password is asked again where the account has one. */
  async startLink(userId: string, payload: LinkIdentityPayload): Promise<SignInStarted> {
    const user = await this.account.requireUser(userId);
    if (user.passwordHash !== null) await this.account.confirmPassword(userId, payload.password);
    return this.begin({
      purpose: 'link',
      userId,
      persistent: false,
      returnTo: LINKED_SIGN_IN_PATH,
      inviteToken: null,
    });
  }

  /** The provider's answer, whatever it is: every outcome is a place to send the browser (a refusal says why). */
  async complete(payload: SignInCallbackRequest): Promise<SignInCallbackOutcome> {
    const state = new URLSearchParams(payload.query).get('state');
    if (!state || state.length > MAX_STATE_LENGTH) return this.refused(REFUSAL_OF_CLAIM.unknown, '/login');
    const binding = payload.binding ? this.secrets.hash(payload.binding) : null;
    const claim = await this.requests.claim(this.secrets.hash(state), binding, this.clock.now());
    if (!claim.claimed) return this.refused(REFUSAL_OF_CLAIM[claim.reason], '/login');
    const { request } = claim;
    const back = request.purpose === 'link' ? LINKED_SIGN_IN_PATH : '/login';
    try {
      const verified = await this.provider.verify(payload.query, {
        state,
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
      });
      const profile = profileOf(verified.claims);
      if (!profile) {
        throw new DomainError(
          SINGLE_SIGN_ON_ERROR_CODES.PROVIDER_ANSWER_INVALID,
          SINGLE_SIGN_ON_MESSAGES.providerAnswerInvalid,
        );
      }
      if (request.userId) {
        await this.accounts.link(request.userId, profile);
        return { outcome: 'linked', returnTo: LINKED_SIGN_IN_PATH };
      }
      const user = await this.accounts.accountFor(profile, request.inviteToken ?? undefined);
      const grant = await this.sessionIssuer.start(user, request.persistent, payload.userAgent, verified.idToken);
      return { outcome: 'signed-in', grant, returnTo: request.returnTo };
    } catch (error) {
      if (error instanceof DomainError) return this.refused(error.code, back);
      throw error;
    }
  }

  private async begin(
    request: Omit<NewSignInRequest, 'stateHash' | 'bindingHash' | 'codeVerifier' | 'nonce' | 'expiresAt'>,
  ) {
    const [state, nonce, codeVerifier, binding] = [1, 2, 3, 4].map(() => this.secrets.generate());
    const authorizationUrl = await this.provider.authorizationUrl({
      state: state.token,
      nonce: nonce.token,
      codeVerifier: codeVerifier.token,
    });
    const now = this.clock.now();
    await this.requests.create(
      {
        ...request,
        stateHash: state.hash,
        bindingHash: binding.hash,
        codeVerifier: codeVerifier.token,
        nonce: nonce.token,
        expiresAt: new Date(now.getTime() + SIGN_IN_REQUEST_TTL_MS),
      },
      now,
    );
    return { authorizationUrl, binding: binding.token };
  }

  private refused(code: string, returnTo: string): SignInCallbackOutcome {
    this.logger.log(`A single sign-on callback signed nobody in: ${code}`);
    return { outcome: 'refused', code, returnTo };
  }
}
