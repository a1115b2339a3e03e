import type { SubjectPattern } from '../bus/subjects';
import type {
  CreatedWebhook,
  CreateWebhookPayload,
  UpdateWebhookPayload,
  Webhook,
  WebhookDelivery,
  WebhookIdPayload,
} from './webhook-payloads';

/** Request/reply subjects of the notify service's webhooks (the caller is the envelope's user). */
export const WEBHOOK_SUBJECTS = {
  create: 'notify.webhooks.create',
  list: 'notify.webhooks.list',
  update: 'notify.webhooks.update',
  delete: 'notify.webhooks.delete',
  test: 'notify.webhooks.test',
  deliveries: 'notify.deliveries.list',
} as const satisfies Record<string, SubjectPattern>;

/** Payload and result of every webhook subject (merged into `BusRequestMap`). */
export interface WebhookBusRequestMap {
  [WEBHOOK_SUBJECTS.create]: { payload: CreateWebhookPayload; result: CreatedWebhook };
  [WEBHOOK_SUBJECTS.list]: { payload: Record<string, never>; result: Webhook[] };
  [WEBHOOK_SUBJECTS.update]: { payload: UpdateWebhookPayload; result: Webhook };
  [WEBHOOK_SUBJECTS.delete]: { payload: WebhookIdPayload; result: { deleted: true } };
  [WEBHOOK_SUBJECTS.test]: { payload: WebhookIdPayload; result: WebhookDelivery };
  [WEBHOOK_SUBJECTS.deliveries]: { payload: WebhookIdPayload; result: WebhookDelivery[] };
}
