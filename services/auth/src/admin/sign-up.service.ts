import { Injectable } from '@nestjs/common';
import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  type InviteCheck,
  type InviteCheckPayload,
  type SignUpState,
  type SignupMode,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import type { AdmissionRules } from './account-admission.repository';
import { InstanceSettingsRepository } from './instance-settings.repository';
import { InviteRepository } from './invite.repository';

/** Why sign-up without an invite is refused, in the words of the mode. */
export function signupRefusal(mode: SignupMode): string {
  return mode === 'closed' ? ADMIN_MESSAGES.signupClosed : ADMIN_MESSAGES.signupByInvite;
}

/** Invite tokens are 256-bit base64url values (43 characters); anything else names no invite. */
const INVITE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Who may sign up: the mode an admin chose (else SIGNUP_MODE), an invite, and the first account of an empty
 * instance, which always gets in (and becomes its admin), so an instance deployed with sign-up by invite can be
 * taken over by its owner.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly config: AuthConfig,
    private readonly settings: InstanceSettingsRepository,
    private readonly invites: InviteRepository,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
  ) {}

  async mode(): Promise<SignupMode> {
    return (await this.settings.signupMode()) ?? this.config.SIGNUP_MODE;
  }

  /** The mode as the sign-up page must treat it: an empty instance is open to its first account. */
  async state(): Promise<SignUpState> {
    return { signupMode: (await this.settings.noAccounts()) ? 'open' : await this.mode() };
  }

  async checkInvite(payload: InviteCheckPayload): Promise<InviteCheck> {
    const invite = await this.usableInvite(payload.inviteToken);
    if (!invite) throw new DomainError(ADMIN_ERROR_CODES.INVITE_NOT_FOUND, ADMIN_MESSAGES.inviteInvalid);
    return { email: invite.email, expiresAt: invite.expiresAt.toISOString() };
  }

  /**
   * How an account with this address may come in. An invite that cannot be used (used, revoked, expired, or for
   * another address) is SIGNUP_CLOSED with the reason, unless sign-up is open, where the account comes in without
   * it. The accounts lock checks again when the account is made (the invite may go, the instance may fill meanwhile).
   */
  async admissionFor(email: string, inviteToken: string | undefined): Promise<AdmissionRules> {
    const mode = await this.mode();
    const inviteRequired = mode !== 'open';
    const invite = inviteToken === undefined ? null : await this.usableInvite(inviteToken);
    const forThisAddress = invite && (invite.email === null || invite.email.toLowerCase() === email.toLowerCase());
    if (invite && forThisAddress) return { inviteId: invite.id, emailVerified: invite.email !== null, inviteRequired };
    if (inviteRequired && !(await this.settings.noAccounts())) {
      const message =
        inviteToken === undefined
          ? signupRefusal(mode)
          : invite
            ? ADMIN_MESSAGES.inviteForAnotherAddress
            : ADMIN_MESSAGES.inviteInvalid;
      throw new DomainError(ADMIN_ERROR_CODES.SIGNUP_CLOSED, message);
    }
    return { inviteId: null, emailVerified: false, inviteRequired };
  }

  private async usableInvite(token: string) {
    if (!INVITE_TOKEN.test(token)) return null;
    return this.invites.findUsable(this.secrets.hash(token), this.clock.now());
  }
}
