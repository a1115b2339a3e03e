import type { MailConfig } from '../config/mail.config';
import { MailOutboxSender } from './mail-outbox.sender';
import type { MailSender } from './mail.sender';

/** SMTP when SMTP_URL is set, loaded only then: without it, nodemailer would be memory held for nothing (issue 39). */
export async function createMailSender(
  config: Pick<MailConfig, 'SMTP_URL' | 'MAIL_FROM' | 'MAIL_OUTBOX_DIR'>,
): Promise<MailSender> {
  if (!config.SMTP_URL) return new MailOutboxSender(config.MAIL_OUTBOX_DIR, config.MAIL_FROM);
  const { SmtpMailSender } = await import('./smtp-mail.sender');
  return new SmtpMailSender(config.SMTP_URL, config.MAIL_FROM);
}
