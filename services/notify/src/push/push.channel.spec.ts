import { randomUUID } from 'node:crypto';
import type { ReminderContext } from '@memories/contracts';
import { generateVapidKeyPair, type BusClient } from '@memories/nest-common';
import {
  startPushReceiver,
  startWebhookReceiver,
  strictMock,
  type PushReceiver,
  type StrictMock,
  type WebhookReceiver,
} from '@memories/server-testing';
import { loadNotifyConfig } from '../config/notify.config';
import { OutboundHttpClient } from '../outbound/outbound-http.client';
import { ReminderComposer } from '../reminders/reminder-composer';
import type { ReminderDeliveriesRepository, ReminderDeliveryRecord } from '../reminders/reminder-deliveries.repository';
import { PushChannel } from './push.channel';
import type { PushDevicesRepository } from './push-devices.repository';

// A push delivery's way out, with the real outbound check and HTTP client against real servers on 127.0.0.1: an
// endpoint the instance never calls is refused before any connection, and a push service that hangs is given up on.
// The delivery records and the device list are the edges (strict mocks).

describe('PushChannel', () => {
  let browser: PushReceiver;
  const receivers: WebhookReceiver[] = [];
  let deliveries: StrictMock<ReminderDeliveriesRepository>;
  let devices: StrictMock<PushDevicesRepository>;
  const ownerId = randomUUID();
  const delivery: ReminderDeliveryRecord = {
    id: randomUUID(),
    ownerId,
    channel: 'push',
    localDate: '2026-05-01',
    dayStart: new Date('2026-04-30T22:00:00Z'),
    dayEnd: new Date('2026-05-01T22:00:00Z'),
    dueAt: new Date(),
    attempts: 1,
  };

  beforeAll(async () => {
    // Only for a subscription's real keys: the messages go to the receivers below.
    browser = await startPushReceiver();
  });

  afterAll(async () => {
    await Promise.all([browser.close(), ...receivers.map((receiver) => receiver.close())]);
  });

  async function pushService(answer?: Parameters<typeof startWebhookReceiver>[0]): Promise<WebhookReceiver> {
    const receiver = await startWebhookReceiver(answer);
    receivers.push(receiver);
    return receiver;
  }

  /** The channel with PUSH_ALLOWED_HOSTS as given, and one device of the owner at `endpoint`. */
  function channelFor(allowedHosts: string, endpoint: string): PushChannel {
    const { publicKey, privateKey } = generateVapidKeyPair();
    const config = loadNotifyConfig({
      DATABASE_URL: 'postgres://notify:unused@127.0.0.1:5432/memories',
      PUBLIC_URL: 'https://journal.example.com',
      PUSH_ALLOWED_HOSTS: allowedHosts,
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
    });
    const bus = strictMock<BusClient>('BusClient');
    const context: ReminderContext = {
      wroteToday: false,
      onThisDay: 0,
      prompt: { id: 'p1', text: 'What made you smile?' },
    };
    bus.request.mockResolvedValue(context as never);
    deliveries = strictMock<ReminderDeliveriesRepository>('ReminderDeliveriesRepository');
    deliveries.begin.mockResolvedValue(delivery);
    deliveries.settle.mockResolvedValue(undefined);
    deliveries.retryAt.mockResolvedValue(undefined);
    devices = strictMock<PushDevicesRepository>('PushDevicesRepository');
    devices.listOwned.mockResolvedValue([
      { id: 'd1', ownerId, endpoint, ...browser.subscription.keys, createdAt: new Date() },
    ]);
    devices.removeExpired.mockResolvedValue(undefined);
    return new PushChannel(
      config,
      deliveries as unknown as ReminderDeliveriesRepository,
      new ReminderComposer(config, bus as unknown as BusClient),
      devices as unknown as PushDevicesRepository,
      new OutboundHttpClient(),
    );
  }

  it.each([
    ['a loopback address not allowed', (port: number) => `http://127.0.0.1:${port}/push/x`],
    ['a loopback name', (port: number) => `http://localhost:${port}/push/x`],
    ['the cloud metadata address', () => 'http://169.254.169.254/push/x'],
    ['a private address', () => 'https://10.1.2.3/push/x'],
    ['an IPv6 link-local address', () => 'https://[fe80::1]/push/x'],
  ])('refuses %s before any connection, and drops the device', async (_name, endpoint) => {
    const service = await pushService();

    // The local push service is allowed on port 1 only, as a test allows its own (the mechanism webhooks use too).
    await channelFor('127.0.0.1:1', endpoint(service.port)).attempt(delivery.id);

    expect(service.connections).toBe(0);
    expect(devices.removeExpired).toHaveBeenCalledWith('d1');
    expect(deliveries.settle).toHaveBeenCalledWith(delivery.id, 'failed', 'Every device’s subscription has expired.');
  });

  it('delivers to an endpoint PUSH_ALLOWED_HOSTS allows', async () => {
    const service = await pushService(() => ({ status: 201 }));

    await channelFor(`127.0.0.1:${service.port}`, `http://127.0.0.1:${service.port}/push/x`).attempt(delivery.id);

    expect(deliveries.retryAt.mock.calls).toEqual([]);
    expect(deliveries.settle).toHaveBeenCalledWith(delivery.id, 'sent');
    expect(service.requests).toHaveLength(1);
    expect(service.requests[0].headers['content-encoding']).toBe('aes128gcm');
  });

  it('gives up on a push service that does not answer within 10 s, and tries again later', async () => {
    const service = await pushService(() => 'hang');

    const outcome = await channelFor('127.0.0.1', `http://127.0.0.1:${service.port}/push/x`).attempt(delivery.id);

    expect(service.requests).toHaveLength(1);
    expect(outcome.retryAt).toBeInstanceOf(Date);
    expect(deliveries.retryAt).toHaveBeenCalledWith(
      delivery.id,
      'The push service could not be reached: no answer within 10 s.',
      outcome.retryAt,
    );
    expect(devices.removeExpired).not.toHaveBeenCalled();
  }, 20_000);
});
