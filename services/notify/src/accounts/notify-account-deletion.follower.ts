import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MessageContext } from '@memories/contracts';
import { AccountDeletionFollower, BusClient, lineOf } from '@memories/nest-common';
import { NOTIFY_DATA_SOURCE, WebhooksRepository } from '../webhooks/webhooks.repository';

/** Deletes every webhook of a deleted account (their deliveries go with them), on the event and from the record. */
@Injectable()
export class NotifyAccountDeletionFollower extends AccountDeletionFollower {
  constructor(
    bus: BusClient,
    @InjectDataSource(NOTIFY_DATA_SOURCE) db: DataSource,
    private readonly webhooks: WebhooksRepository,
  ) {
    super(bus, db, 'notify');
  }

  async purge(userId: string, context: MessageContext): Promise<void> {
    const deleted = await this.webhooks.deleteOwnedBy(userId);
    if (deleted > 0) this.logger.log(lineOf(context, `deleted ${deleted} webhook(s) of deleted account ${userId}`));
  }
}
