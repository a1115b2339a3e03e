import { Logger } from '@nestjs/common';
import { type MailMessage, MailPort } from './mail.port';

/**
 * Without SMTP (the embedded and dev modes), an e-mail is written to the server log, so whoever runs the server
 * can still follow a reset or verification link.
 */
export class LogMailSender extends MailPort {
  private readonly logger = new Logger('mail');

  async send(message: MailMessage): Promise<void> {
    this.logger.log(`E-mail to ${message.to}: ${message.subject}\n${message.text}`);
  }
}
