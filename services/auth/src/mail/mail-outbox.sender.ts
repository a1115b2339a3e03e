import { Logger } from '@nestjs/common';
import { writeToMailOutbox } from '@memories/nest-common';
import { type MailMessage, MailPort } from './mail.port';

/**
 * Without SMTP, the auth service's e-mails (reset and verification links) go to the mail outbox folder
 * (`writeToMailOutbox`); the log says only that a message was written, and where.
 */
export class MailOutboxSender extends MailPort {
  private readonly logger = new Logger('mail');

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    const file = await writeToMailOutbox(this.folder, { from: this.from, ...message }, this.now());
    this.logger.log(`E-mail to ${message.to}: ${message.subject} (no SMTP_URL: written to ${file})`);
  }
}
