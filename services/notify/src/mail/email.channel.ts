import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { USER_SUBJECTS } from '@memories/contracts';
import { BusClient, MailSender } from '@memories/nest-common';
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
 * E-mail as a reminder channel, through the instance's one MailSender: the SMTP server of SMTP_URL, or without it the
 * mail outbox folder like the auth service's e-mails (Settings still says e-mail is not set up). Every reminder e-mail
 * carries `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): the mail client's
 * "Unsubscribe" turns reminder e-mails off with no sign-in. The address is the account's, asked of the auth
 * service at each send (the notify service keeps no addresses).
 */
@Injectable()
export class EmailChannel extends ReminderDeliveryChannel {
  readonly queue = EMAIL_QUEUE;
  readonly channel = 'email' as const;

  constructor(
    config: NotifyConfig,
    deliveries: ReminderDeliveriesRepository,
    composer: ReminderComposer,
    private readonly reminders: RemindersRepository,
    private readonly bus: BusClient,
    private readonly mail: MailSender,
  ) {
    super(config, deliveries, composer);
  }

  get configured(): boolean {
    return this.mail.viaSmtp;
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
    try {
      await this.mail.send({
        to: { name: recipient.name, address: recipient.email },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        unsubscribe: { url: oneClick, comment: 'Stop reminder e-mails' },
      });
      return { status: 'sent' };
    } catch (error) {
      // Writing to the outbox folder failed: no mail server's answer to judge; retried like any other failure.
      if (!this.mail.viaSmtp) throw error;
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
