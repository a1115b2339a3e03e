import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { OutboundMemory, WebhookEventType, WebhookMessage } from '@memories/contracts';
import { NotifyConfig } from '../config/notify.config';
import { DeliveryQueue } from '../delivery/delivery-queue';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WEBHOOK_QUEUE } from './webhook.channel';
import { WebhooksRepository } from './webhooks.repository';

/** One memory event as the notify service receives it, whichever of the three it is. */
export interface MemoryEventIntake {
  type: WebhookEventType;
  eventId: string;
  ownerId: string;
  memory: OutboundMemory;
  occurredAt: string;
}

/**
 * Turns a memory event into one delivery per webhook of its owner that subscribes to it. Every replica sees each
 * event; the (webhook, event) key records it once. Changes of one memory that follow each other within
 * `WEBHOOK_UPDATE_QUIET_SECONDS` join the `memory.updated` delivery not attempted yet; a deletion drops those.
 */
@Injectable()
export class MemoryEventDeliveries {
  constructor(
    private readonly config: NotifyConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: DeliveryQueue,
  ) {}

  async record(event: MemoryEventIntake): Promise<void> {
    const message: WebhookMessage = { type: event.type, timestamp: event.occurredAt, data: event.memory };
    const body = JSON.stringify(message);
    const quietMs = event.type === 'memory.updated' ? this.config.WEBHOOK_UPDATE_QUIET_SECONDS * 1000 : 0;
    for (const webhook of await this.webhooks.subscribedTo(event.ownerId, event.type)) {
      const id = randomUUID();
      const due = new Date(Date.now() + quietMs);
      const recorded = await this.deliveries.record({
        id,
        webhookId: webhook.id,
        eventId: event.eventId,
        type: event.type,
        memoryId: event.memory.id,
        body,
        occurredAt: new Date(event.occurredAt),
        nextAttemptAt: due,
      });
      if (recorded) await this.queue.enqueue(WEBHOOK_QUEUE, id, quietMs > 0 ? due : undefined);
    }
  }
}
