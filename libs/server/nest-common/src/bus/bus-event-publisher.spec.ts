import type { INestMicroservice } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { BusHandler } from './bus-handler.decorator';
import { BusEventPublisher, eventPublisherProviders } from './bus-event-publisher';
import { processBroker } from './in-process/in-process-broker';
import { InProcessServer } from './in-process/in-process.server';

const received: unknown[] = [];
let onReceived = () => undefined as void;
const firstReceived = new Promise<void>((resolve) => (onReceived = resolve));

@BusHandler()
class EventListener {
  @EventPattern('memory.spec.deleted')
  deleted(@Payload() envelope: unknown) {
    received.push(envelope);
    onReceived();
  }
}

describe('eventPublisherProviders', () => {
  let listener: INestMicroservice;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [EventListener] }).compile();
    listener = moduleRef.createNestMicroservice({
      strategy: new InProcessServer({ queue: 'spec-listener', broker: processBroker }),
      logger: false,
    });
    await listener.listen();
  });

  afterAll(async () => {
    await listener.close();
  });

  it('gives a module a publisher whose events reach the bus the configuration names', async () => {
    const config = { BUS_TRANSPORT: 'in-process' as const, NATS_URL: '', BUS_TIMEOUT_MS: 1000 };
    const moduleRef = await Test.createTestingModule({
      providers: eventPublisherProviders(config, 'spec-events'),
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();

    const published = await app
      .get(BusEventPublisher)
      .publish('memory.spec.deleted', { id: 7 }, { correlationId: 'spec', userId: 'u1' });
    // Events are fire-and-forget: wait for the listener's handler, not for a guessed time.
    await firstReceived;
    await app.close();

    expect(published).toBe(true);
    expect(received).toEqual([{ correlationId: 'spec', userId: 'u1', payload: { id: 7 } }]);
  });
});
