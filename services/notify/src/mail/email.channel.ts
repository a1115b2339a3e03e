import { randomUUID } from 'node:crypto';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { USER_SUBJECTS } from '@memories/contracts';
import { BusClient, writeToMailOutbox } from '@memories/nest-common';
import { NotifyConfig } from '../config/notify.config';
import { ReminderComposer, type ComposedReminder } from '../reminders/reminder-composer';
import { ReminderDeliveriesRepository, type ReminderDeliveryRecord } from '../reminders/reminder-deliveries.repository';
import { ReminderDeliveryChannel, type ReminderSendResult } from '../reminders/reminder-delivery.channel';
import { RemindersRepository } from '../reminders/reminders.repository';
import { reminderMail } from './reminder-mail';

export const EMAIL_QUEUE = 'reminder-email';
/** The API route a mail client POSTs to (RFC 8058) and the app's page a person opens, both with `?token=`. */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';
export const UNSUBSCRIBE_PAGE_PATH = '/reminders/unsubscribe';

/**
 * E-mail as a reminder channel, through the SMTP server of SMTP_URL (nodemailer), or without it into the mail outbox
 * folder like the auth service's e-mails (Settings still says e-mail is not set up). Every reminder e-mail carries
 * `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the mail client's
 * "Unsubscribe" turns reminder e-mails off with no sign-in. The address is the account's, asked of the auth
 * service at each send (the notify service keeps no addresses). SMTP_URL is the operator's own server, so it is not
 * put through the outbound check meant for addresses users type.
 */
@Injectable()
export class EmailChannel extends ReminderDeliveryChannel implements OnApplicationShutdown {
  readonly queue = EMAIL_QUEUE;
  readonly channel = 'email' as const;
  private readonly transport?: Transporter;

  constructor(
    config: NotifyConfig,
    deliveries: ReminderDeliveriesRepository,
    composer: ReminderComposer,
    private readonly reminders: RemindersRepository,
    private readonly bus: BusClient,
  ) {
    super(config, deliveries, composer);
    if (config.SMTP_URL) this.transport = createTransport(config.SMTP_URL);
  }

  get configured(): boolean {
    return this.transport !== undefined;
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  protected async send(delivery: ReminderDeliveryRecord, reminder: ComposedReminder): Promise<ReminderSendResult> {
    const settings = await this.reminders.findOwned(delivery.ownerId);
    if (!settings?.channels.includes('email')) return { status: 'failed', error: 'E-mail reminders were turned off.' };
    const recipient = await this.bus.request(
      USER_SUBJECTS.mailAddress,
      {},
      { correlationId: `reminder-${randomUUID()}`, userId: delivery.ownerId },
    );
    const token = encodeURIComponent(settings.unsubscribeToken);
    const oneClick = new URL(`${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${token}`, this.config.PUBLIC_URL).href;
    const page = new URL(`${UNSUBSCRIBE_PAGE_PATH}?token=${token}`, this.config.PUBLIC_URL).href;
    const mail = reminderMail(reminder, page);
    if (!this.transport) {
      const to = `${recipient.name} <${recipient.email}>`;
      const file = await writeToMailOutbox(
        this.config.MAIL_OUTBOX_DIR,
        {
          from: this.config.MAIL_FROM,
          to,
          subject: mail.subject,
          text: mail.text,
          headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        },
        new Date(),
      );
      this.logger.log(`E-mail to ${recipient.email}: ${mail.subject} (no SMTP_URL: written to ${file})`);
      return { status: 'sent' };
    }
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: { name: recipient.name, address: recipient.email },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        list: { unsubscribe: { url: oneClick, comment: 'Stop reminder e-mails' } },
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return { status: 'sent' };
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      // 5xx: the server refused this message for good (a bad address); anything else may pass later.
      const permanent = responseCode !== undefined && responseCode >= 500;
      return {
        status: permanent ? 'failed' : 'retry',
        error: `The mail server refused it: ${(error as Error).message}`,
      };
    }
  }
}
