import { type DynamicModule, Module } from '@nestjs/common';
import { BusModule, ServiceCoreModule, busOptionsFrom, createAccountDeletionHandler } from '@memories/nest-common';
import { NotifyAccountDeletionFollower } from './accounts/notify-account-deletion.follower';
import type { NotifyConfig } from './config/notify.config';
import { NOTIFY_MIGRATIONS } from './database/notify.migrations';
import { DELIVERY_CHANNELS } from './delivery/delivery-channel';
import { DeliveryQueue } from './delivery/delivery-queue';
import { NotifyHealthHandler } from './health/notify-health.handler';
import { OutboundHttpClient } from './outbound/outbound-http.client';
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
 * The notify service, the one place that talks to the outside world: webhooks now (reminder e-mail, Web Push and
 * invite mail join as more delivery channels). The same module runs as its own process or inside the standalone.
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
        // Asks the auth service for the record of deleted accounts.
        BusModule.forRoot(busOptionsFrom(config, 'notify-client')),
      ],
      controllers: [
        NotifyHealthHandler,
        WebhooksHandler,
        MemoryEventsHandler,
        createAccountDeletionHandler(NotifyAccountDeletionFollower),
      ],
      providers: [
        OutboundHttpClient,
        WebhooksRepository,
        WebhookDeliveriesRepository,
        WebhookSigner,
        WebhookChannel,
        { provide: DELIVERY_CHANNELS, inject: [WebhookChannel], useFactory: (webhooks: WebhookChannel) => [webhooks] },
        DeliveryQueue,
        WebhooksService,
        MemoryEventDeliveries,
        NotifyAccountDeletionFollower,
      ],
    };
  }
}
