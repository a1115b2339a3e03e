import type { Webhook, WebhookDelivery } from '@memories/contracts';
import type { DeliveryRecord } from './webhook-deliveries.repository';
import type { WebhookRecord } from './webhooks.repository';

/** A webhook as the API shows it: never its secret (shown once, at creation). */
export function toWebhook(record: WebhookRecord): Webhook {
  return {
    id: record.id,
    url: record.url,
    events: record.events,
    enabled: record.enabled,
    disabledReason: record.disabledReason,
    createdAt: record.createdAt.toISOString(),
  };
}

export function toDelivery(record: DeliveryRecord): WebhookDelivery {
  return {
    id: record.id,
    event: record.type,
    status: record.status,
    attempts: record.attempts,
    responseStatus: record.responseStatus,
    error: record.error,
    createdAt: record.createdAt.toISOString(),
    lastAttemptAt: record.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: record.status === 'pending' ? (record.nextAttemptAt?.toISOString() ?? null) : null,
  };
}
