import type { OutboundMemory } from '../memories/memory-payloads';

/** The events a webhook may subscribe to (Standard Webhooks `type`). */
export const WEBHOOK_EVENT_TYPES = ['memory.created', 'memory.updated', 'memory.deleted'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the delivery `POST /api/webhooks/{id}/test` sends. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
export type WebhookDeliveryType = WebhookEventType | typeof WEBHOOK_TEST_EVENT_TYPE;

/** Standard Webhooks secrets: this prefix, then the base64 of the key. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const MAX_WEBHOOKS_PER_USER = 20;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
/** How many of a webhook's most recent deliveries `GET /api/webhooks/{id}/deliveries` lists. */
export const WEBHOOK_DELIVERY_LIST_LIMIT = 50;
/** How long a receiver may take to answer before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Why a webhook was turned off by the instance rather than by its owner. */
export const WEBHOOK_DISABLED_REASONS = ['failing'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Set when the instance turned the webhook off (its deliveries kept failing for a day); null otherwise. */
  disabledReason: WebhookDisabledReason | null;
  createdAt: string;
}

/** The answer of a creation: the only time the signing secret is shown. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: string;
  event: WebhookDeliveryType;
  /** `pending` while attempts (and retries) remain, `failed` once they are spent. */
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status of the last attempt; null when none answered (refused, unreachable, timed out). */
  responseStatus: number | null;
  /** Why the last attempt failed, in words; null after a success. */
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  /** When the next attempt is due, while the delivery is pending. */
  nextAttemptAt: string | null;
}

/** The JSON body of every delivery (Standard Webhooks: `type`, `timestamp`, `data`). */
export interface WebhookMessage {
  type: WebhookDeliveryType;
  timestamp: string;
  data: OutboundMemory | { webhookId: string };
}

export interface CreateWebhookPayload {
  url: string;
  events: WebhookEventType[];
}

export interface UpdateWebhookPayload {
  id: string;
  url?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

export interface WebhookIdPayload {
  id: string;
}
