import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import {
  MEMORY_EVENTS,
  USER_EVENTS,
  WEBHOOK_SUBJECTS,
  type MemoryChangedEvent,
  type MemoryDeletedEvent,
  type WebhookDelivery,
} from '@memories/contracts';
import { createBusClient, migrateService } from '@memories/nest-common';
import {
  connectBusProbe,
  eventually,
  getFreePort,
  startNatsServer,
  startNodeProcess,
  startTestPostgres,
  startWebhookReceiver,
  type BusProbe,
  type NodeProcess,
  type TestNatsServer,
  type TestPostgres,
  type WebhookReceiver,
} from '@memories/server-testing';
import { notifyServiceDescriptor } from '../src';

// The notify service against a real PostgreSQL and nats-server, delivering to real HTTP receivers on 127.0.0.1
// (allowed by WEBHOOK_ALLOWED_HOSTS): memory events in, signed Standard Webhooks requests out, retries, the webhook
// turned off after repeated failure, and addresses it never calls refused before any connection. The service runs as
// its own process, as deployed: its job queue's workers stop in the background after a shutdown (pg-boss looks for
// them once a second), which inside Jest's process outlived the suite and failed the run after its last test.

const NOTIFY_MAIN = path.join(__dirname, '..', 'dist', 'main.js');

const SETTINGS = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_BASE_SECONDS: '1',
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_UPDATE_QUIET_SECONDS: '2',
};

describe('webhooks of the notify service', () => {
  let postgres: TestPostgres;
  let nats: TestNatsServer;
  let notify: NodeProcess;
  let bus: BusProbe;
  let events: ClientProxy;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startNatsServer()]);
    const port = await getFreePort();
    const env = {
      ...SETTINGS,
      DATABASE_URL: postgres.url,
      NATS_URL: nats.url,
      PORT: String(port),
      LOG_LEVEL: 'error',
    };
    await migrateService(notifyServiceDescriptor, env);
    notify = await startNodeProcess(NOTIFY_MAIN, env, `http://127.0.0.1:${port}/health/ready`);
    bus = await connectBusProbe(nats.url);
    events = createBusClient({ transport: 'nats', natsUrl: nats.url, timeoutMs: 3000, name: 'test-events' });
    await events.connect();
  });

  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()));
    await events?.close();
    await bus?.close();
    await notify?.stop();
    await Promise.all([nats?.stop(), postgres?.stop()]);
  });

  async function receiver(...args: Parameters<typeof startWebhookReceiver>): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(...args);
    receivers.push(started);
    return started;
  }

  const as = (userId: string) => ({
    request: (subject: string, payload: unknown) => bus.send(subject, { correlationId: randomUUID(), userId, payload }),
  });

  async function createWebhook(ownerId: string, url: string, hookEvents = ['memory.created']) {
    return (await as(ownerId).request(WEBHOOK_SUBJECTS.create, { url, events: hookEvents })) as {
      id: string;
      secret: string;
    };
  }

  const deliveriesOf = (ownerId: string, id: string) =>
    as(ownerId).request(WEBHOOK_SUBJECTS.deliveries, { id }) as Promise<WebhookDelivery[]>;

  function memory(title: string, id = randomUUID()) {
    return { id, journal: null, date: '2024-05-01', title, tags: ['sea'] };
  }

  async function emit(subject: string, payload: MemoryChangedEvent | MemoryDeletedEvent | { userId: string }) {
    await lastValueFrom(events.emit(subject, { correlationId: randomUUID(), payload }), { defaultValue: undefined });
  }

  // Each event a millisecond after the one before, as two saves of one memory are: emitted back to back they
  // could share a millisecond, and events may be handled out of order, so a tie would leave which one wins to chance.
  let clock = Date.now();
  const nextInstant = () => new Date((clock += 1)).toISOString();

  function changed(ownerId: string, outbound: ReturnType<typeof memory>): MemoryChangedEvent {
    return {
      eventId: randomUUID(),
      memoryId: outbound.id,
      ownerId,
      memory: outbound,
      occurredAt: nextInstant(),
    };
  }

  it('creates a webhook with a whsec_ secret shown once, lists and changes it for its owner only', async () => {
    const owner = randomUUID();
    const stranger = randomUUID();
    const target = await receiver();

    const created = (await as(owner).request(WEBHOOK_SUBJECTS.create, {
      url: target.url,
      events: ['memory.updated', 'memory.created', 'memory.created'],
    })) as Record<string, unknown>;

    expect(created).toEqual({
      id: expect.any(String),
      url: target.url,
      events: ['memory.created', 'memory.updated'],
      enabled: true,
      disabledReason: null,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/),
      createdAt: expect.any(String),
    });
    const { secret: _secret, ...shown } = created;
    await expect(as(owner).request(WEBHOOK_SUBJECTS.list, {})).resolves.toEqual([shown]);
    await expect(as(stranger).request(WEBHOOK_SUBJECTS.list, {})).resolves.toEqual([]);
    for (const [subject, payload] of [
      [WEBHOOK_SUBJECTS.update, { id: created.id, enabled: false }],
      [WEBHOOK_SUBJECTS.delete, { id: created.id }],
      [WEBHOOK_SUBJECTS.test, { id: created.id }],
      [WEBHOOK_SUBJECTS.deliveries, { id: created.id }],
    ] as const) {
      await expect(as(stranger).request(subject, payload)).rejects.toMatchObject({ code: 'WEBHOOK_NOT_FOUND' });
    }
    await expect(
      as(owner).request(WEBHOOK_SUBJECTS.update, { id: created.id, events: ['memory.deleted'], enabled: false }),
    ).resolves.toMatchObject({ events: ['memory.deleted'], enabled: false });
    await expect(as(owner).request(WEBHOOK_SUBJECTS.delete, { id: created.id })).resolves.toEqual({ deleted: true });
    await expect(as(owner).request(WEBHOOK_SUBJECTS.list, {})).resolves.toEqual([]);
  });

  it.each([
    ['a loopback name not allowed', (port: number) => `http://localhost:${port}/hook`],
    ['a loopback address not allowed', (port: number) => `http://127.0.0.2:${port}/hook`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', () => 'http://10.0.0.1/hook'],
    ['an IPv6 unique-local address', () => 'http://[fd00::1]/hook'],
  ])('refuses %s with WEBHOOK_URL_REFUSED before any connection is made', async (_name, url) => {
    const target = await receiver();

    await expect(
      as(randomUUID()).request(WEBHOOK_SUBJECTS.create, { url: url(target.port), events: ['memory.created'] }),
    ).rejects.toMatchObject({ code: 'WEBHOOK_URL_REFUSED' });
    expect(target.connections).toBe(0);
  });

  it('delivers memory.created to its owner’s webhook as a signed Standard Webhooks request', async () => {
    const owner = randomUUID();
    const target = await receiver();
    const other = await receiver();
    const webhook = await createWebhook(owner, target.url);
    await createWebhook(randomUUID(), other.url);
    const outbound = memory('A day at the sea');

    await emit(MEMORY_EVENTS.created, changed(owner, outbound));

    const [delivery] = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(delivery).toMatchObject({ event: 'memory.created', status: 'succeeded', attempts: 1, responseStatus: 204 });
    expect(target.requests).toHaveLength(1);
    const [request] = target.requests;
    expect(request.headers['webhook-id']).toBe(delivery.id);
    expect(request.headers['content-type']).toBe('application/json');
    const verified = new StandardWebhook(webhook.secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(verified).toEqual({ type: 'memory.created', timestamp: expect.any(String), data: outbound });
    expect(other.requests).toHaveLength(0);
  });

  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    const owner = randomUUID();
    const target = await receiver((index) => ({ status: index < 2 ? 500 : 200 }));
    const webhook = await createWebhook(owner, target.url);

    await emit(MEMORY_EVENTS.created, changed(owner, memory('Retried')));

    const [delivery] = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list[0]?.status === 'succeeded',
    );
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, error: null });
    expect(new Set(target.requests.map((request) => request.headers['webhook-id']))).toEqual(new Set([delivery.id]));
  });

  it('turns the webhook off after its last attempt fails, and a test delivery still reaches the receiver', async () => {
    const owner = randomUUID();
    const target = await receiver(() => ({ status: 503 }));
    const webhook = await createWebhook(owner, target.url);

    await emit(MEMORY_EVENTS.created, changed(owner, memory('Never arrives')));

    const [failed] = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list[0]?.status === 'failed',
    );
    expect(failed).toMatchObject({ attempts: 3, responseStatus: 503, error: 'The receiver answered 503.' });
    await expect(as(owner).request(WEBHOOK_SUBJECTS.list, {})).resolves.toEqual([
      expect.objectContaining({ id: webhook.id, enabled: false, disabledReason: 'failing' }),
    ]);

    target.answer = () => ({ status: 200 });
    const test = (await as(owner).request(WEBHOOK_SUBJECTS.test, { id: webhook.id })) as WebhookDelivery;
    expect(test).toMatchObject({ event: 'webhook.test', status: 'pending' });
    await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list.find((delivery) => delivery.id === test.id)?.status === 'succeeded',
    );
    expect(JSON.parse(target.requests.at(-1)?.body ?? '{}')).toMatchObject({
      type: 'webhook.test',
      data: { webhookId: webhook.id },
    });
    await expect(as(owner).request(WEBHOOK_SUBJECTS.update, { id: webhook.id, enabled: true })).resolves.toMatchObject({
      enabled: true,
      disabledReason: null,
    });
  });

  it('follows no redirect: a 3xx is a failed attempt and the other address is never called', async () => {
    const owner = randomUUID();
    const elsewhere = await receiver();
    const target = await receiver(() => ({ status: 302, headers: { location: elsewhere.url } }));
    const webhook = await createWebhook(owner, target.url);

    await emit(MEMORY_EVENTS.created, changed(owner, memory('Redirected')));

    const [delivery] = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list[0]?.status === 'failed',
    );
    expect(delivery.error).toBe('The receiver answered 302: redirects are not followed.');
    expect(elsewhere.connections).toBe(0);
  });

  it('gives up on a receiver that does not answer within 10 s, and tries again later', async () => {
    const owner = randomUUID();
    const target = await receiver((index) => (index === 0 ? 'hang' : { status: 200 }));
    const webhook = await createWebhook(owner, target.url);

    await emit(MEMORY_EVENTS.created, changed(owner, memory('Slow receiver')));

    const [delivery] = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list[0]?.status === 'succeeded',
      250,
    );
    expect(delivery).toMatchObject({ attempts: 2, responseStatus: 200 });
  });

  it('sends changes of one memory within the quiet time as one memory.updated, and drops them when it is deleted', async () => {
    const owner = randomUUID();
    const target = await receiver();
    const webhook = await createWebhook(owner, target.url, ['memory.updated', 'memory.deleted']);
    const kept = memory('First draft');
    const gone = memory('Soon deleted');

    await emit(MEMORY_EVENTS.updated, changed(owner, kept));
    await emit(MEMORY_EVENTS.updated, changed(owner, { ...kept, title: 'Final words' }));
    await emit(MEMORY_EVENTS.updated, changed(owner, gone));
    const deleted: MemoryDeletedEvent = {
      eventId: randomUUID(),
      memoryId: gone.id,
      ownerId: owner,
      imageSources: [],
      deletedAt: nextInstant(),
      memory: gone,
    };
    await emit(MEMORY_EVENTS.deleted, deleted);

    const deliveries = await eventually(
      () => deliveriesOf(owner, webhook.id),
      (list) => list.length === 2 && list.every((delivery) => delivery.status === 'succeeded'),
    );
    expect(deliveries.map((delivery) => delivery.event).sort()).toEqual(['memory.deleted', 'memory.updated']);
    const bodies = target.requests.map((request) => JSON.parse(request.body) as { type: string; data: unknown });
    expect(bodies).toHaveLength(2);
    expect(bodies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'memory.updated', data: { ...kept, title: 'Final words' } }),
        expect.objectContaining({ type: 'memory.deleted', data: gone }),
      ]),
    );
  });

  it('deletes the webhooks of a deleted account', async () => {
    const owner = randomUUID();
    const target = await receiver();
    await createWebhook(owner, target.url);

    await emit(USER_EVENTS.deleted, { userId: owner });

    await expect(
      eventually(
        () => as(owner).request(WEBHOOK_SUBJECTS.list, {}) as Promise<unknown[]>,
        (list) => list.length === 0,
      ),
    ).resolves.toEqual([]);
  });
});
