import { Injectable } from '@nestjs/common';
import { NotifyConfig } from '../config/notify.config';
import { OutboundAddressRefused, resolveOutboundTarget } from '../outbound/outbound-address';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import type { ComposedReminder } from '../reminders/reminder-composer';
import { ReminderComposer } from '../reminders/reminder-composer';
import { ReminderDeliveriesRepository, type ReminderDeliveryRecord } from '../reminders/reminder-deliveries.repository';
import { ReminderDeliveryChannel, type ReminderSendResult } from '../reminders/reminder-delivery.channel';
import { PushDevicesRepository, type PushDeviceRecord } from './push-devices.repository';
import { vapidSubjectOf } from './vapid-subject';

export const PUSH_QUEUE = 'reminder-push';
/** How long a push service keeps a reminder for a device that is off (a day's reminder is of no use the next day). */
const PUSH_TTL_SECONDS = 12 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

type DeviceResult = 'delivered' | 'gone' | { failure: string };

/** web-push and its ASN.1 and big-number code load with the first push sent, not with every process (issue 39). */
function webPushLibrary(): Promise<typeof import('web-push')> {
  return import('web-push');
}

/**
 * Web Push as a reminder channel: the payload is encrypted for each of the person's devices (RFC 8291, aes128gcm)
 * and signed with the instance's VAPID key by the `web-push` library, then POSTed to the device's push service
 * through the one outbound check (the endpoint is an address a browser, or anyone, gave us). A device whose
 * subscription the push service says is gone (404, 410) is removed. The reminder counts as sent once one device has
 * it; it is tried again only when none could be reached.
 */
@Injectable()
export class PushChannel extends ReminderDeliveryChannel {
  readonly queue = PUSH_QUEUE;
  readonly channel = 'push' as const;

  constructor(
    config: NotifyConfig,
    deliveries: ReminderDeliveriesRepository,
    composer: ReminderComposer,
    private readonly devices: PushDevicesRepository,
    private readonly http: OutboundHttpClient,
  ) {
    super(config, deliveries, composer);
  }

  /** Whether the instance can sign push messages at all. */
  get configured(): boolean {
    return Boolean(this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY);
  }

  protected async send(delivery: ReminderDeliveryRecord, reminder: ComposedReminder): Promise<ReminderSendResult> {
    if (!this.configured) return { status: 'failed', error: 'Web Push is not configured.' };
    const devices = await this.devices.listOwned(delivery.ownerId);
    if (devices.length === 0) return { status: 'failed', error: 'No device receives notifications.' };
    const payload = JSON.stringify(this.composer.pushMessageOf(reminder));
    const results = await Promise.all(devices.map((device) => this.sendTo(device, payload)));
    if (results.includes('delivered')) return { status: 'sent' };
    const failures = results.filter((result): result is { failure: string } => typeof result === 'object');
    if (failures.length === 0) return { status: 'failed', error: 'Every device’s subscription has expired.' };
    return { status: 'retry', error: failures[0].failure };
  }

  private async sendTo(device: PushDeviceRecord, payload: string): Promise<DeviceResult> {
    const webPush = await webPushLibrary();
    const request = webPush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      payload,
      {
        vapidDetails: {
          subject: vapidSubjectOf(this.config),
          publicKey: this.config.VAPID_PUBLIC_KEY ?? '',
          privateKey: this.config.VAPID_PRIVATE_KEY ?? '',
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        // One reminder a day: a newer one replaces an undelivered older one at the push service.
        topic: 'reminder',
      },
    );
    try {
      const target = await resolveOutboundTarget(request.endpoint, this.config.PUSH_ALLOWED_HOSTS);
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const answer = await this.http.post(target, request.body ?? Buffer.alloc(0), headers, PUSH_TIMEOUT_MS);
      if (answer.status >= 200 && answer.status < 300) return 'delivered';
      if (answer.status === 404 || answer.status === 410) {
        await this.devices.removeExpired(device.id);
        return 'gone';
      }
      return { failure: `The push service answered ${answer.status}.` };
    } catch (error) {
      if (error instanceof OutboundAddressRefused && error.reason !== 'unresolvable') {
        // An address that is not public never becomes one: the device goes, like an expired one.
        await this.devices.removeExpired(device.id);
        return 'gone';
      }
      return { failure: `The push service could not be reached: ${(error as Error).message}.` };
    }
  }
}
