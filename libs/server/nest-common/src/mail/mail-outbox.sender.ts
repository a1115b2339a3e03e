import { Logger } from '@nestjs/common';
import { writeToMailOutbox } from './mail-outbox';
import { MailSender, addressOf, type OutgoingMail } from './mail.sender';

/**
 * Without SMTP, e-mails (reset and verification links, reminders) go to the mail outbox folder (`writeToMailOutbox`);
 * the log says only that a message was written, and where.
 */
export class MailOutboxSender extends MailSender {
  readonly viaSmtp = false;
  private readonly logger = new Logger('mail');

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  async send({ to, subject, text, unsubscribe }: OutgoingMail): Promise<void> {
    const file = await writeToMailOutbox(
      this.folder,
      {
        from: this.from,
        to: typeof to === 'string' ? to : `${to.name} <${to.address}>`,
        subject,
        text,
        headers: unsubscribe && {
          'List-Unsubscribe': `<${unsubscribe.url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
      this.now(),
    );
    this.logger.log(`E-mail to ${addressOf(to)}: ${subject} (no SMTP_URL: written to ${file})`);
  }
}
