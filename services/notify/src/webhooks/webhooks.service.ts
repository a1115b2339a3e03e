import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_DELIVERY_LIST_LIMIT,
  WEBHOOK_ERROR_CODES,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT_TYPE,
  type CreatedWebhook,
  type CreateWebhookPayload,
  type MessageContext,
  type UpdateWebhookPayload,
  type Webhook,
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookMessage,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { requireOwner } from '../accounts/require-owner';
import { NotifyConfig } from '../config/notify.config';
import { DeliveryQueue } from '../delivery/delivery-queue';
import { OutboundAddressRefused, resolveOutboundTarget } from '../outbound/outbound-address';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WEBHOOK_QUEUE } from './webhook.channel';
import { toDelivery, toWebhook } from './webhook.mapper';
import { WebhookSigner } from './webhook-signer';
import { WebhooksRepository, type WebhookRecord } from './webhooks.repository';

function notFound(id: string): DomainError {
  return new DomainError(WEBHOOK_ERROR_CODES.WEBHOOK_NOT_FOUND, WEBHOOK_MESSAGES.notFound, { id });
}

/** Each event once, in the order of the contract's list (so a webhook reads the same however it was sent). */
function normaliseEvents(events: WebhookEventType[]): WebhookEventType[] {
  return [...new Set(events)].sort();
}

/** A person's webhooks: only their owner sees or changes one; anyone else's is "not found". */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly config: NotifyConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signer: WebhookSigner,
    private readonly queue: DeliveryQueue,
  ) {}

  async create(context: MessageContext, payload: CreateWebhookPayload): Promise<CreatedWebhook> {
    const ownerId = requireOwner(context);
    const url = await this.checkedUrl(payload.url);
    const secret = this.signer.newSecret();
    const record = await this.webhooks.create(
      { id: randomUUID(), ownerId, url, events: normaliseEvents(payload.events), secret },
      MAX_WEBHOOKS_PER_USER,
    );
    if (!record) throw new DomainError(WEBHOOK_ERROR_CODES.WEBHOOK_LIMIT_CONFLICT, WEBHOOK_MESSAGES.limitReached);
    return { ...toWebhook(record), secret };
  }

  async list(context: MessageContext): Promise<Webhook[]> {
    return (await this.webhooks.listOwned(requireOwner(context))).map(toWebhook);
  }

  async update(context: MessageContext, payload: UpdateWebhookPayload): Promise<Webhook> {
    const ownerId = requireOwner(context);
    await this.requireOwned(ownerId, payload.id);
    const record = await this.webhooks.update(ownerId, payload.id, {
      url: payload.url === undefined ? undefined : await this.checkedUrl(payload.url),
      events: payload.events === undefined ? undefined : normaliseEvents(payload.events),
      enabled: payload.enabled,
    });
    if (!record) throw notFound(payload.id);
    return toWebhook(record);
  }

  async delete(context: MessageContext, id: string): Promise<{ deleted: true }> {
    if (!(await this.webhooks.delete(requireOwner(context), id))) throw notFound(id);
    return { deleted: true };
  }

  /** A `webhook.test` delivery, tried once at once (also when the webhook is off, to check a fixed receiver). */
  async test(context: MessageContext, id: string): Promise<WebhookDelivery> {
    const webhook = await this.requireOwned(requireOwner(context), id);
    const now = new Date();
    const message: WebhookMessage = {
      type: WEBHOOK_TEST_EVENT_TYPE,
      timestamp: now.toISOString(),
      data: { webhookId: webhook.id },
    };
    const deliveryId = randomUUID();
    await this.deliveries.record({
      id: deliveryId,
      webhookId: webhook.id,
      eventId: randomUUID(),
      type: WEBHOOK_TEST_EVENT_TYPE,
      memoryId: null,
      body: JSON.stringify(message),
      occurredAt: now,
      nextAttemptAt: now,
    });
    await this.queue.enqueue(WEBHOOK_QUEUE, deliveryId);
    const [recorded] = (await this.deliveries.listRecent(webhook.id, WEBHOOK_DELIVERY_LIST_LIMIT)).filter(
      (delivery) => delivery.id === deliveryId,
    );
    return toDelivery(recorded);
  }

  async deliveriesOf(context: MessageContext, id: string): Promise<WebhookDelivery[]> {
    const webhook = await this.requireOwned(requireOwner(context), id);
    return (await this.deliveries.listRecent(webhook.id, WEBHOOK_DELIVERY_LIST_LIMIT)).map(toDelivery);
  }

  private async requireOwned(ownerId: string, id: string): Promise<WebhookRecord> {
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw notFound(id);
    return webhook;
  }

  /** The URL as saved, once its address passed the outbound check (it is checked again at every delivery). */
  private async checkedUrl(raw: string): Promise<string> {
    try {
      return (await resolveOutboundTarget(raw.trim(), this.config.WEBHOOK_ALLOWED_HOSTS)).url.href;
    } catch (error) {
      if (!(error instanceof OutboundAddressRefused)) throw error;
      if (error.reason === 'not-http')
        throw new DomainError(ERROR_CODES.VALIDATION_FAILED, WEBHOOK_MESSAGES.urlInvalid, [
          { field: 'url', messages: [WEBHOOK_MESSAGES.urlInvalid] },
        ]);
      throw new DomainError(WEBHOOK_ERROR_CODES.WEBHOOK_URL_REFUSED, WEBHOOK_MESSAGES.urlRefused);
    }
  }
}
