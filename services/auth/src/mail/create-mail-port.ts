import type { AuthConfig } from '../config/auth.config';
import { MailOutboxSender } from './mail-outbox.sender';
import type { MailPort } from './mail.port';
import { SmtpMailSender } from './smtp-mail.sender';

export function createMailPort(config: AuthConfig): MailPort {
  return config.SMTP_URL
    ? new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM)
    : new MailOutboxSender(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
}
