import type { INestMicroservice } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { ERROR_CODES, MEMORY_SUBJECTS } from '@memories/contracts';
import { BusHandler } from './bus-handler.decorator';
import { BusClient } from './bus.client';
import { MAX_BUS_REQUEST_TIMEOUT_MS } from './bus-options';
import { InProcessBroker } from './in-process/in-process-broker';
import { InProcessClient } from './in-process/in-process.client';
import { InProcessServer } from './in-process/in-process.server';

@BusHandler()
class SlowTagsHandler {
  @MessagePattern(MEMORY_SUBJECTS.tags)
  async tags() {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { tags: ['late'] };
  }
}

describe('BusClient timeouts', () => {
  const context = { correlationId: 'bus-client-spec', userId: '6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01' };
  let server: INestMicroservice;
  let bus: BusClient;

  beforeEach(async () => {
    const broker = new InProcessBroker();
    const moduleRef = await Test.createTestingModule({ controllers: [SlowTagsHandler] }).compile();
    server = moduleRef.createNestMicroservice({
      strategy: new InProcessServer({ queue: 'memory', broker }),
      logger: false,
    });
    await server.listen();
    bus = new BusClient(new InProcessClient({ broker }), {
      transport: 'in-process',
      natsUrl: '',
      timeoutMs: 50,
      name: 'spec',
      broker,
    });
  });

  afterEach(async () => {
    await server.close();
  });

  it('gives up after the configured timeout', async () => {
    await expect(bus.request(MEMORY_SUBJECTS.tags, {}, context)).rejects.toMatchObject({
      code: ERROR_CODES.BUS_TIMEOUT,
    });
  });

  it('waits longer for a send that asks for its own timeout', async () => {
    await expect(bus.request(MEMORY_SUBJECTS.tags, {}, context, { timeoutMs: 5000 })).resolves.toEqual({
      tags: ['late'],
    });
  });

  it('refuses a per-send timeout the NATS client would not honour', () => {
    expect(() => bus.request(MEMORY_SUBJECTS.tags, {}, context, { timeoutMs: MAX_BUS_REQUEST_TIMEOUT_MS + 1 })).toThrow(
      `A bus request may wait at most ${MAX_BUS_REQUEST_TIMEOUT_MS} ms`,
    );
  });
});
