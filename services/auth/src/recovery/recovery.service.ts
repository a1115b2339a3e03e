import { Injectable } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  type EmailPayload,
  type ResetPasswordPayload,
  type SignedOutSessions,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { ActionTokenRepository } from '../action-tokens/action-token.repository';
import { Clock } from '../crypto/clock';
import { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { PasskeyRepository } from '../passkeys/passkey.repository';
import { SessionRepository } from '../sessions/session.repository';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import { SignInFailuresRepository } from '../sign-in-limits/sign-in-failures.repository';
import { UserRepository } from '../users/user.repository';
import { ActionLinks } from './action-links';
import { checkNewPassword } from './new-password.rules';

/** How long a reset link works. */
export const RESET_LINK_TTL_MINUTES = 30;

/** A forgotten password: a single-use, expiring link (by e-mail, in the server log, or printed by the CLI). */
@Injectable()
export class RecoveryService {
  constructor(
    private readonly users: UserRepository,
    private readonly actionTokens: ActionTokenRepository,
    private readonly links: ActionLinks,
    private readonly sessions: SessionRepository,
    private readonly passkeys: PasskeyRepository,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
    private readonly passwordLogin: PasswordLoginPolicy,
    private readonly signInFailures: SignInFailuresRepository,
  ) {}

  /** Always the same answer, whether or not the account exists. */
  async forgotPassword(payload: EmailPayload): Promise<{ accepted: true }> {
    await this.passwordLogin.requireEnabled();
    const user = await this.users.findByEmail(payload.email.trim());
    if (user) {
      const link = await this.resetLinkFor(user.email);
      this.links.deliver({
        to: user.email,
        subject: 'Reset your Memories password',
        text: `Hello ${user.name},\n\nTo choose a new password, open this link within ${RESET_LINK_TTL_MINUTES} minutes:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    }
    return { accepted: true };
  }

  /**
   * A new password through a valid link: the link and every other open reset link are used up, every session ends,
   * and the passkeys go too when asked (a reset is often the answer to a lost device).
   */
  async resetPassword(payload: ResetPasswordPayload): Promise<SignedOutSessions> {
    await this.passwordLogin.requireEnabled();
    checkNewPassword(payload);
    const now = this.clock.now();
    const userId = await this.actionTokens.consume(this.secrets.hash(payload.token), 'password-reset', now);
    if (!userId) throw new DomainError(AUTH_ERROR_CODES.RESET_TOKEN_INVALID, AUTH_MESSAGES.resetTokenInvalid);
    await this.users.setPasswordHash(userId, await this.hasher.hash(payload.newPassword));
    await this.actionTokens.retireAll(userId, 'password-reset', now);
    if (payload.removePasskeys) await this.passkeys.deleteAllForUser(userId);
    // The owner of the address proved it: sign-in paused by someone else's guesses works again at once.
    await this.signInFailures.clearForUser(userId);
    return { signedOut: await this.sessions.revokeAllForUser(userId, now) };
  }

  /** A one-time reset link for the account of this e-mail, or null when there is none (the CLI says so). */
  async resetLinkFor(email: string): Promise<string | null> {
    const user = await this.users.findByEmail(email.trim());
    return user ? this.links.create(user, 'password-reset', RESET_LINK_TTL_MINUTES * 60_000) : null;
  }
}
