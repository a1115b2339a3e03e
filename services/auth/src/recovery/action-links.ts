import { Injectable, Logger } from '@nestjs/common';
import { MailSender, type OutgoingMail } from '@memories/nest-common';
import { type ActionTokenPurpose, ActionTokenRepository } from '../action-tokens/action-token.repository';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import type { UserRecord } from '../users/user.record';

/** The page of the web app each kind of link opens. */
const PAGE_OF: Record<ActionTokenPurpose, string> = {
  'password-reset': 'reset-password',
  'email-verification': 'verify-email',
};

/** Single-use links sent by e-mail (reset, verification): a token stored by hash, on a page of PUBLIC_URL. */
@Injectable()
export class ActionLinks {
  private readonly logger = new Logger('mail');

  constructor(
    private readonly config: AuthConfig,
    private readonly actionTokens: ActionTokenRepository,
    private readonly secrets: SecretTokenGenerator,
    private readonly mail: MailSender,
    private readonly clock: Clock,
  ) {}

  async create(user: UserRecord, purpose: ActionTokenPurpose, ttlMs: number): Promise<string> {
    const secret = this.secrets.generate();
    await this.actionTokens.create({
      userId: user.id,
      purpose,
      tokenHash: secret.hash,
      expiresAt: new Date(this.clock.now().getTime() + ttlMs),
    });
    // In the fragment: the browser never sends it, so the token reaches no access log (the page reads it there).
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/${PAGE_OF[purpose]}#token=${secret.token}`;
  }

  /** Not awaited: the answer must not wait for (or reveal, by its timing) an SMTP round trip. */
  deliver(message: OutgoingMail & { to: string }): void {
    this.mail
      .send(message)
      .catch((error: unknown) =>
        this.logger.error(`Could not send "${message.subject}" to ${message.to}: ${String(error)}`),
      );
  }
}
