import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MessageContext } from '@memories/contracts';
import { AccountDeletionFollower, BusClient, lineOf } from '@memories/nest-common';
import { PushDevicesRepository } from '../push/push-devices.repository';
import { ReminderDeliveriesRepository } from '../reminders/reminder-deliveries.repository';
import { RemindersRepository } from '../reminders/reminders.repository';
import { NOTIFY_DATA_SOURCE, WebhooksRepository } from '../webhooks/webhooks.repository';

/**
 * Deletes every webhook of a deleted account (their deliveries go with them), its reminder settings, devices and
 * reminders, on the event and from the record.
 */
@Injectable()
export class NotifyAccountDeletionFollower extends AccountDeletionFollower {
  constructor(
    bus: BusClient,
    @InjectDataSource(NOTIFY_DATA_SOURCE) db: DataSource,
    private readonly webhooks: WebhooksRepository,
    private readonly reminders: RemindersRepository,
    private readonly devices: PushDevicesRepository,
    private readonly reminderDeliveries: ReminderDeliveriesRepository,
  ) {
    super(bus, db, 'notify');
  }

  async purge(userId: string, context: MessageContext): Promise<void> {
    const deleted = await this.webhooks.deleteOwnedBy(userId);
    if (deleted > 0) this.logger.log(lineOf(context, `deleted ${deleted} webhook(s) of deleted account ${userId}`));
    // The settings first: a reminder that comes due meanwhile finds nothing to send.
    await this.reminders.deleteOwnedBy(userId);
    await this.devices.deleteOwnedBy(userId);
    await this.reminderDeliveries.deleteOwnedBy(userId);
  }
}
