import { Injectable, Logger } from '@nestjs/common';
import { AUTH_ERROR_CODES, SINGLE_SIGN_ON_ERROR_CODES, SINGLE_SIGN_ON_MESSAGES } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AccountAdmission } from '../admin/account-admission.service';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import type { UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';
import { LinkedIdentityRepository } from './linked-identity.repository';
import type { ProviderProfile } from './provider-profile';

const refused = (code: keyof typeof SINGLE_SIGN_ON_ERROR_CODES, message: string) =>
  new DomainError(SINGLE_SIGN_ON_ERROR_CODES[code], message);

/**
 * Which account a provider's sign-in opens. Accounts are linked by the provider's (issuer, subject); a first sign-in
 * links to the account of its e-mail address only when the provider confirms the address (`email_verified: true`),
 * else anyone who registers that address at the provider would get the account. Without an account, one is made
 * (OIDC_AUTO_PROVISION) as far as the sign-up mode lets people in, or the invite the sign-in started with, without a
 * password; an account that exists or is linked already signs in and leaves the invite unused.
 */
@Injectable()
export class SingleSignOnAccounts {
  private readonly logger = new Logger(SingleSignOnAccounts.name);

  constructor(
    private readonly config: AuthConfig,
    private readonly users: UserRepository,
    private readonly admission: AccountAdmission,
    private readonly identities: LinkedIdentityRepository,
    private readonly clock: Clock,
  ) {}

  async accountFor(profile: ProviderProfile, inviteToken?: string): Promise<UserRecord> {
    const now = this.clock.now();
    const linked = await this.identities.find(profile.issuer, profile.subject);
    if (linked) {
      const user = await this.users.findById(linked.userId);
      // The account is being deleted (its identities go with it): nobody to sign in.
      if (!user) throw refused('SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND', SINGLE_SIGN_ON_MESSAGES.accountNotFound);
      await this.identities.touch(linked.id, profile.email, now);
      return user;
    }
    if (!profile.email) throw refused('PROVIDER_EMAIL_INVALID', SINGLE_SIGN_ON_MESSAGES.emailMissing);
    const existing = await this.users.findByEmail(profile.email);
    if (existing && !profile.emailVerified) {
      throw refused('LINK_REQUIRED_CONFLICT', SINGLE_SIGN_ON_MESSAGES.linkRequired);
    }
    const user = existing ?? (await this.provision(profile, profile.email, inviteToken));
    await this.linkTo(user.id, profile);
    // Not the subject: some providers use the person's login or address as one.
    this.logger.log(`Linked a sign-in at ${profile.issuer} to account ${user.id}`);
    return user;
  }

  /** Links the provider's sign-in to a signed-in person's account (Settings → Security). */
  async link(userId: string, profile: ProviderProfile): Promise<void> {
    await this.linkTo(userId, profile);
  }

  private async linkTo(userId: string, profile: ProviderProfile): Promise<void> {
    const identity = await this.identities.link(userId, profile, this.clock.now());
    if (identity.userId !== userId) {
      throw refused('LINKED_IDENTITY_ALREADY_EXISTS', SINGLE_SIGN_ON_MESSAGES.identityTaken);
    }
  }

  /** The one way single sign-on makes an account; an invite lets its holder in even without OIDC_AUTO_PROVISION. */
  private async provision(profile: ProviderProfile, email: string, inviteToken?: string): Promise<UserRecord> {
    if (!this.config.OIDC_AUTO_PROVISION && inviteToken === undefined) {
      throw refused('SINGLE_SIGN_ON_ACCOUNT_NOT_FOUND', SINGLE_SIGN_ON_MESSAGES.accountNotFound);
    }
    // The sign-up mode and the invite decide as for a registration (SIGNUP_CLOSED, which the login page explains).
    const created = await this.admission
      .admit(email, inviteToken, async () => ({
        name: profile.name || email,
        email,
        phoneNumber: null,
        passwordHash: null,
      }))
      .catch((error: unknown) => {
        // Taken a moment ago by a registration: that account is not this person's until they link it themselves.
        if (error instanceof DomainError && error.code === AUTH_ERROR_CODES.USER_ALREADY_EXISTS) {
          throw refused('LINK_REQUIRED_CONFLICT', SINGLE_SIGN_ON_MESSAGES.linkRequired);
        }
        throw error;
      });
    if (!profile.emailVerified) return created;
    return (await this.users.markEmailVerified(created.id, this.clock.now())) ?? created;
  }
}
