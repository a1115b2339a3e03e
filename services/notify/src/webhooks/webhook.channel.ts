import { Injectable } from '@nestjs/common';
import { WEBHOOK_TEST_EVENT_TYPE, WEBHOOK_TIMEOUT_MS } from '@memories/contracts';
import { NotifyConfig } from '../config/notify.config';
import type { DeliveryChannel, DeliveryOutcome } from '../delivery/delivery-channel';
import { OutboundAddressRefused, resolveOutboundTarget } from '../outbound/outbound-address';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookSigner } from './webhook-signer';
import { WebhooksRepository } from './webhooks.repository';

export const WEBHOOK_QUEUE = 'webhook-delivery';

/** Why an attempt failed, as the deliveries list shows it. */
const FAILURES = {
  turnedOff: 'The webhook is turned off.',
  refused: 'The address is not allowed: it is not, or no longer resolves to, a public address.',
  redirect: (status: number) => `The receiver answered ${status}: redirects are not followed.`,
  status: (status: number) => `The receiver answered ${status}.`,
  unreachable: (reason: string) => `The receiver could not be reached: ${reason}.`,
} as const;

/**
 * Webhooks as a delivery channel: one attempt signs the stored body (Standard Webhooks, `webhook-id` the delivery's
 * id, the same on every attempt), checks the URL's address again and POSTs it there with a 10 s limit. A 2xx
 * succeeds; anything else waits `WEBHOOK_RETRY_BASE_SECONDS`, doubling each time, for up to `WEBHOOK_MAX_ATTEMPTS`
 * attempts (about a day by default); the last failure turns the webhook off, which Settings shows. A test delivery is
 * tried once, also on a webhook that is off.
 */
@Injectable()
export class WebhookChannel implements DeliveryChannel {
  readonly queue = WEBHOOK_QUEUE;
  readonly concurrency = 4;

  constructor(
    private readonly config: NotifyConfig,
    private readonly webhooks: WebhooksRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly signer: WebhookSigner,
    private readonly http: OutboundHttpClient,
  ) {}

  async attempt(id: string): Promise<DeliveryOutcome> {
    const started = await this.deliveries.begin(id);
    if (!started) return {};
    const { delivery, webhook } = started;
    const isTest = delivery.type === WEBHOOK_TEST_EVENT_TYPE;
    if (!webhook.enabled && !isTest) {
      await this.deliveries.fail(id, null, FAILURES.turnedOff);
      return {};
    }
    let responseStatus: number | null = null;
    let failure: string;
    try {
      const target = await resolveOutboundTarget(webhook.url, this.config.WEBHOOK_ALLOWED_HOSTS);
      const headers = this.signer.sign(webhook.secret, delivery.id, new Date(), delivery.body);
      const answer = await this.http.post(
        target,
        delivery.body,
        { ...headers, 'content-type': 'application/json', 'user-agent': 'Memories-Webhooks/1' },
        WEBHOOK_TIMEOUT_MS,
      );
      if (answer.status >= 200 && answer.status < 300) {
        await this.deliveries.succeed(id, answer.status);
        return {};
      }
      responseStatus = answer.status;
      failure =
        answer.status >= 300 && answer.status < 400 ? FAILURES.redirect(answer.status) : FAILURES.status(answer.status);
    } catch (error) {
      failure =
        error instanceof OutboundAddressRefused
          ? FAILURES.refused
          : FAILURES.unreachable(error instanceof Error ? error.message : String(error));
    }
    if (isTest || delivery.attempts >= this.config.WEBHOOK_MAX_ATTEMPTS) {
      await this.deliveries.fail(id, responseStatus, failure);
      if (!isTest) await this.webhooks.disable(webhook.id, 'failing');
      return { failed: true };
    }
    const waitSeconds = this.config.WEBHOOK_RETRY_BASE_SECONDS * 2 ** (delivery.attempts - 1);
    const retryAt = new Date(Date.now() + waitSeconds * 1000);
    await this.deliveries.retryAt(id, responseStatus, failure, retryAt);
    return { retryAt, failed: true };
  }

  reclaimLost(limit: number): Promise<string[]> {
    return this.deliveries.reclaimLost(limit);
  }
}
