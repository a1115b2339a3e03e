import { Injectable } from '@nestjs/common';
import { SINGLE_SIGN_ON_ERROR_CODES, SINGLE_SIGN_ON_MESSAGES, type LinkedIdentity } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AccountGuard } from '../account-security/account-guard';
import { AuthConfig } from '../config/auth.config';
import { PasskeyRepository } from '../passkeys/passkey.repository';
import { LinkedIdentityRepository, type LinkedIdentityRecord } from './linked-identity.repository';
import { PasswordLoginPolicy } from './password-login.policy';

/** The issuer's host, for a link to a provider the instance no longer uses. */
function hostOf(issuer: string): string {
  return URL.canParse(issuer) ? new URL(issuer).host : issuer;
}

/** One issuer, however its URL is written (OIDC_ISSUER may lack the trailing slash its ID tokens carry). */
function sameIssuer(stored: string, configured: string | undefined): boolean {
  return configured !== undefined && URL.canParse(stored) && new URL(stored).href === new URL(configured).href;
}

/** Settings → Security, "Linked sign-in": the account's providers, and unlinking one without locking the door. */
@Injectable()
export class LinkedIdentitiesService {
  constructor(
    private readonly config: AuthConfig,
    private readonly identities: LinkedIdentityRepository,
    private readonly passkeys: PasskeyRepository,
    private readonly account: AccountGuard,
    private readonly passwordLogin: PasswordLoginPolicy,
  ) {}

  async list(userId: string): Promise<LinkedIdentity[]> {
    return (await this.identities.listOf(userId)).map((identity) => this.toLinkedIdentity(identity));
  }

  /**
   * Unlinks one provider, unless it is the only way left into the account: a password that may sign in, a passkey,
   * or another link to the instance's provider.
   */
  async unlink(userId: string, identityId: string): Promise<{ unlinked: true }> {
    const user = await this.account.requireUser(userId);
    const identities = await this.identities.listOf(userId);
    const identity = identities.find((candidate) => candidate.id === identityId);
    if (!identity) {
      throw new DomainError(
        SINGLE_SIGN_ON_ERROR_CODES.LINKED_IDENTITY_NOT_FOUND,
        SINGLE_SIGN_ON_MESSAGES.identityNotFound,
      );
    }
    const otherWaysIn = [
      user.passwordHash !== null && (await this.passwordLogin.enabled()),
      (await this.passkeys.listForUser(userId)).length > 0,
      identities.some((other) => other.id !== identityId && this.usable(other)),
    ];
    if (this.usable(identity) && !otherWaysIn.some(Boolean)) {
      throw new DomainError(
        SINGLE_SIGN_ON_ERROR_CODES.LAST_SIGN_IN_METHOD_CONFLICT,
        SINGLE_SIGN_ON_MESSAGES.lastSignInMethod,
      );
    }
    if (!(await this.identities.unlink(userId, identityId))) {
      throw new DomainError(
        SINGLE_SIGN_ON_ERROR_CODES.LINKED_IDENTITY_NOT_FOUND,
        SINGLE_SIGN_ON_MESSAGES.identityNotFound,
      );
    }
    return { unlinked: true };
  }

  /** Only a link to the issuer the instance uses now can sign in. */
  private usable(identity: LinkedIdentityRecord): boolean {
    return sameIssuer(identity.issuer, this.config.OIDC_ISSUER);
  }

  private toLinkedIdentity(identity: LinkedIdentityRecord): LinkedIdentity {
    const usable = this.usable(identity);
    return {
      id: identity.id,
      provider: usable ? this.config.OIDC_DISPLAY_NAME : hostOf(identity.issuer),
      issuer: identity.issuer,
      email: identity.email,
      linkedAt: identity.createdAt.toISOString(),
      lastUsedAt: identity.lastUsedAt?.toISOString() ?? null,
      usable,
    };
  }
}
