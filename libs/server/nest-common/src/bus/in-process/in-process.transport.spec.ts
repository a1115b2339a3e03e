import { Inject, type INestMicroservice } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { IsString } from 'class-validator';
import { ERROR_CODES } from '@memories/contracts';
import { DomainError } from '../../errors/domain.error';
import { BusHandler } from '../bus-handler.decorator';
import { sendRequest } from '../send-request';
import { InProcessBroker } from './in-process-broker';
import { InProcessClient } from './in-process.client';
import { InProcessServer } from './in-process.server';

const INSTANCE = Symbol('INSTANCE');
const received: Array<{ instance: string; event: unknown }> = [];

class GreetDto {
  @IsString()
  name!: string;
}

@BusHandler()
class TestHandler {
  constructor(@Inject(INSTANCE) private readonly instance: string) {}

  @MessagePattern('test.item.mutate')
  mutate(@Payload() payload: { items: string[]; when: Date }) {
    payload.items.push('added by handler');
    return { instance: this.instance, payload };
  }

  @MessagePattern('test.instance.get')
  whoAmI() {
    return this.instance;
  }

  @MessagePattern('test.greeting.get')
  greet(@Payload() dto: GreetDto) {
    return `hello ${dto.name}`;
  }

  @MessagePattern('test.item.missing')
  missing() {
    throw new DomainError('ITEM_NOT_FOUND', 'No such item', { id: 7 });
  }

  @MessagePattern('test.item.broken')
  broken() {
    throw new Error('database password is hunter2');
  }

  @MessagePattern('test.item.slow')
  async slow() {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return 'late';
  }

  @EventPattern('test.item.created')
  created(@Payload() event: unknown) {
    received.push({ instance: this.instance, event });
  }
}

describe('in-process transport', () => {
  let broker: InProcessBroker;
  let client: InProcessClient;
  const apps: INestMicroservice[] = [];

  async function startServer(instance: string, queue = 'test'): Promise<INestMicroservice> {
    const moduleRef = await Test.createTestingModule({
      controllers: [TestHandler],
      providers: [{ provide: INSTANCE, useValue: instance }],
    }).compile();
    const app = moduleRef.createNestMicroservice({ strategy: new InProcessServer({ queue, broker }), logger: false });
    await app.listen();
    apps.push(app);
    return app;
  }

  const request = <T>(subject: string, payload: unknown = {}, timeoutMs = 1000) =>
    sendRequest<T>(client, subject, payload, timeoutMs);

  beforeEach(() => {
    broker = new InProcessBroker();
    client = new InProcessClient({ broker });
    received.length = 0;
  });

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('hands the handler a copy of the payload, serialised as on the wire', async () => {
    await startServer('a');
    const sent = { items: ['original'], when: new Date('2024-05-01T12:00:00.000Z') };

    const answer = await request<{ payload: { items: string[]; when: unknown } }>('test.item.mutate', sent);

    expect(sent.items).toEqual(['original']);
    expect(answer.payload.items).toEqual(['original', 'added by handler']);
    expect(answer.payload.when).toBe('2024-05-01T12:00:00.000Z');
  });

  it('lets exactly one server of a queue group answer each request, in turn', async () => {
    await startServer('a');
    await startServer('b');

    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await request<string>('test.instance.get'));

    expect(answers).toEqual(['a', 'b', 'a', 'b']);
  });

  it('delivers an event to every subscribed server', async () => {
    await startServer('a');
    await startServer('b');

    await client.emit('test.item.created', { id: 1 }).toPromise();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(received.map((r) => r.instance).sort()).toEqual(['a', 'b']);
    expect(received.every((r) => JSON.stringify(r.event) === '{"id":1}')).toBe(true);
  });

  it('reports no responders at once when nothing listens on the subject', async () => {
    // A request timeout far beyond the test's own: a transport that waited for it would fail the test by timing out.
    await expect(request('test.nobody.home', {}, 10 * 60_000)).rejects.toMatchObject({
      code: ERROR_CODES.BUS_UNAVAILABLE,
      message: 'No service is listening on "test.nobody.home"',
    });
  });

  it('stops answering once the server is closed', async () => {
    const app = await startServer('a');
    await app.close();

    await expect(request('test.instance.get')).rejects.toMatchObject({ code: ERROR_CODES.BUS_UNAVAILABLE });
  });

  it('carries a domain error to the caller with its code, message and detail', async () => {
    await startServer('a');

    await expect(request('test.item.missing')).rejects.toMatchObject({
      code: 'ITEM_NOT_FOUND',
      message: 'No such item',
      detail: { id: 7 },
    });
  });

  it('hides the message of an unexpected error behind INTERNAL', async () => {
    await startServer('a');

    const failure = request('test.item.broken');

    await expect(failure).rejects.toMatchObject({ code: ERROR_CODES.INTERNAL, message: 'Internal server error' });
  });

  it('validates payloads with the shared preset, rejecting unknown properties', async () => {
    await startServer('a');

    await expect(request('test.greeting.get', { name: 'Ada' })).resolves.toBe('hello Ada');
    await expect(request('test.greeting.get', { name: 'Ada', admin: true })).rejects.toMatchObject({
      code: ERROR_CODES.VALIDATION_FAILED,
      detail: [{ field: 'admin', messages: ['property admin should not exist'] }],
    });
  });

  it('gives up with BUS_TIMEOUT when the answer takes longer than the timeout', async () => {
    await startServer('a');

    await expect(request('test.item.slow', {}, 50)).rejects.toMatchObject({
      code: ERROR_CODES.BUS_TIMEOUT,
      message: 'No answer on "test.item.slow" within 50 ms',
    });
  });
});
