import type { INestMicroservice } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { SpanKind, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { ERROR_CODES } from '@memories/contracts';
import { currentRequestScope } from '../logging/request-scope';
import { metricsRegistry } from '../metrics/metrics-registry';
import { markTracingEnabled } from '../telemetry/tracing-switch';
import { BusEventPublisher } from './bus-event-publisher';
import { BusHandler } from './bus-handler.decorator';
import { InProcessBroker } from './in-process/in-process-broker';
import { InProcessClient } from './in-process/in-process.client';
import { InProcessServer } from './in-process/in-process.server';
import { sendRequest } from './send-request';

const exporter = new InMemorySpanExporter();
const seen: Array<{ subject: string; traceId?: string; correlationId?: string; service?: string }> = [];
let onEvent = () => undefined as void;

function noteHandling(subject: string): void {
  const scope = currentRequestScope();
  seen.push({
    subject,
    traceId: trace.getActiveSpan()?.spanContext().traceId,
    correlationId: scope?.correlationId,
    service: scope?.service,
  });
}

@BusHandler()
class TracedHandler {
  @MessagePattern('test.item.get')
  get() {
    noteHandling('test.item.get');
    return { ok: true };
  }

  @EventPattern('memory.spec-item.deleted')
  deleted(@Payload() _event: unknown) {
    noteHandling('memory.spec-item.deleted');
    onEvent();
  }
}

const spanNamed = (name: string): ReadableSpan => {
  const span = exporter.getFinishedSpans().find((candidate) => candidate.name === name);
  if (!span)
    throw new Error(
      `no span "${name}" among ${exporter
        .getFinishedSpans()
        .map((s) => s.name)
        .join(', ')}`,
    );
  return span;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('the bus with tracing on (in-process transport)', () => {
  const envelope = { correlationId: 'corr-bus-spec', userId: 'u1', payload: {} };
  let broker: InProcessBroker;
  let server: INestMicroservice;
  let client: InProcessClient;
  const tracer = () => trace.getTracer('spec');

  beforeAll(() => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
    markTracingEnabled(async () => undefined);
  });

  afterAll(() => {
    trace.disable();
    context.disable();
    propagation.disable();
  });

  beforeEach(async () => {
    exporter.reset();
    seen.length = 0;
    broker = new InProcessBroker();
    client = new InProcessClient({ broker });
    const moduleRef = await Test.createTestingModule({ controllers: [TracedHandler] }).compile();
    server = moduleRef.createNestMicroservice({
      strategy: new InProcessServer({ queue: 'memory', broker }),
      logger: false,
    });
    await server.listen();
  });

  afterEach(async () => {
    await server.close();
  });

  it("continues the caller's trace in the handler of a request, with the envelope's correlation id", async () => {
    const root = tracer().startSpan('GET /api/items/:id', { kind: SpanKind.SERVER });
    await context.with(trace.setSpan(context.active(), root), () =>
      sendRequest(client, 'test.item.get', envelope, 1000),
    );
    root.end();

    const send = spanNamed('send test.item.get');
    const processed = spanNamed('process test.item.get');
    expect(send.kind).toBe(SpanKind.CLIENT);
    expect(processed.kind).toBe(SpanKind.SERVER);
    expect(parentOf(send)).toBe(root.spanContext().spanId);
    expect(parentOf(processed)).toBe(send.spanContext().spanId);
    expect(new Set([send, processed].map((span) => span.spanContext().traceId))).toEqual(
      new Set([root.spanContext().traceId]),
    );
    expect(processed.attributes).toMatchObject({ 'messaging.destination.name': 'test.item.get' });
    expect(seen).toEqual([
      {
        subject: 'test.item.get',
        traceId: root.spanContext().traceId,
        correlationId: 'corr-bus-spec',
        service: 'memory',
      },
    ]);
  });

  it("carries the publisher's trace to the subscriber of an event", async () => {
    const handled = new Promise<void>((resolve) => (onEvent = resolve));
    const publisher = new BusEventPublisher(client);
    const root = tracer().startSpan('DELETE /api/items/:id');
    await context.with(trace.setSpan(context.active(), root), () =>
      publisher.publish('memory.spec-item.deleted', { id: 7 }, { correlationId: 'corr-event', userId: 'u1' }),
    );
    root.end();
    await handled;
    // The consumer's span ends once its handler has returned.
    await new Promise((resolve) => setImmediate(resolve));

    const published = spanNamed('publish memory.spec-item.deleted');
    const consumed = spanNamed('process memory.spec-item.deleted');
    expect(published.kind).toBe(SpanKind.PRODUCER);
    expect(consumed.kind).toBe(SpanKind.CONSUMER);
    expect(parentOf(consumed)).toBe(published.spanContext().spanId);
    expect(consumed.spanContext().traceId).toBe(root.spanContext().traceId);
    expect(seen).toEqual([
      expect.objectContaining({ traceId: root.spanContext().traceId, correlationId: 'corr-event' }),
    ]);
  });

  it('records the outcome of a request nobody listens to, and marks its span failed', async () => {
    const root = tracer().startSpan('GET /api/nobody');
    await expect(
      context.with(trace.setSpan(context.active(), root), () =>
        sendRequest(client, 'test.nobody.home', envelope, 1000),
      ),
    ).rejects.toMatchObject({ code: ERROR_CODES.BUS_UNAVAILABLE });
    root.end();
    expect(spanNamed('send test.nobody.home').status.code).toBe(2);
    expect(await metricsRegistry.metrics()).toContain(
      'memories_bus_request_duration_seconds_count{subject="test.nobody.home",outcome="no_responders"} 1',
    );
  });

  it('starts no trace for a message sent outside of one (background work)', async () => {
    await sendRequest(client, 'test.item.get', envelope, 1000);
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(seen).toEqual([expect.objectContaining({ traceId: undefined, correlationId: 'corr-bus-spec' })]);
  });
});
