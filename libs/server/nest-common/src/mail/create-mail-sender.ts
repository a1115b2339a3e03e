import type { MailConfig } from '../config/mail.config';
import { MailOutboxSender } from './mail-outbox.sender';
import type { MailSender } from './mail.sender';
import { SmtpMailSender } from './smtp-mail.sender';

export function createMailSender(config: Pick<MailConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR'>): MailSender {
  return config.SMTP_URL
    ? new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM)
    : new MailOutboxSender(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
}
