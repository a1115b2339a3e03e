import { type DynamicModule, Module } from '@nestjs/common';
import {
  BusModule,
  MailSender,
  ServiceCoreModule,
  busOptionsFrom,
  createAccountDeletionHandler,
  createMailSender,
} from '@memories/nest-common';
import { NotifyAccountDeletionFollower } from './accounts/notify-account-deletion.follower';
import type { NotifyConfig } from './config/notify.config';
import { NOTIFY_MIGRATIONS } from './database/notify.migrations';
import { DELIVERY_CHANNELS, type DeliveryChannel } from './delivery/delivery-channel';
import { DeliveryQueue } from './delivery/delivery-queue';
import { NotifyHealthHandler } from './health/notify-health.handler';
import { EmailChannel } from './mail/email.channel';
import { OutboundHttpClient } from './outbound/outbound-http.client';
import { PushDevicesRepository } from './push/push-devices.repository';
import { PushChannel } from './push/push.channel';
import { ChannelReadiness } from './reminders/channel-readiness';
import { ReminderClock } from './reminders/reminder-clock';
import { ReminderComposer } from './reminders/reminder-composer';
import { ReminderDeliveriesRepository } from './reminders/reminder-deliveries.repository';
import { RemindersHandler } from './reminders/reminders.handler';
import { RemindersRepository } from './reminders/reminders.repository';
import { RemindersService } from './reminders/reminders.service';
import { MemoryEventDeliveries } from './webhooks/memory-event-deliveries';
import { MemoryEventsHandler } from './webhooks/memory-events.handler';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { WebhookSigner } from './webhooks/webhook-signer';
import { WebhookChannel } from './webhooks/webhook.channel';
import { WebhooksHandler } from './webhooks/webhooks.handler';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';

export const NOTIFY_SCHEMA = 'notify';

/**
 * The notify service, the one place that talks to the outside world: webhooks, and reminders by Web Push and e-mail
 * on their own schedule (invite mail would join as one more delivery channel). The same module runs as its own
 * process or inside the standalone.
 */
@Module({})
export class NotifyServiceModule {
  static forRoot(config: NotifyConfig): DynamicModule {
    return {
      module: NotifyServiceModule,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'notify',
          config,
          database: { schema: NOTIFY_SCHEMA, migrations: NOTIFY_MIGRATIONS },
        }),
        // Asks the auth service for the record of deleted accounts and for a person's address, the memory service
        // about their day.
        BusModule.forRoot(busOptionsFrom(config, 'notify-client')),
      ],
      controllers: [
        NotifyHealthHandler,
        WebhooksHandler,
        MemoryEventsHandler,
        RemindersHandler,
        createAccountDeletionHandler(NotifyAccountDeletionFollower),
      ],
      providers: [
        OutboundHttpClient,
        WebhooksRepository,
        WebhookDeliveriesRepository,
        WebhookSigner,
        WebhookChannel,
        RemindersRepository,
        ReminderDeliveriesRepository,
        PushDevicesRepository,
        ReminderComposer,
        PushChannel,
        { provide: MailSender, useFactory: () => createMailSender(config) },
        EmailChannel,
        ChannelReadiness,
        ReminderClock,
        {
          provide: DELIVERY_CHANNELS,
          inject: [WebhookChannel, ReminderClock, PushChannel, EmailChannel],
          useFactory: (...channels: DeliveryChannel[]) => channels,
        },
        DeliveryQueue,
        WebhooksService,
        RemindersService,
        MemoryEventDeliveries,
        NotifyAccountDeletionFollower,
      ],
    };
  }
}
