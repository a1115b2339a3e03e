import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { isTracingEnabled } from './tracing-switch';

/**
 * A trace context written down as W3C headers (`traceparent`, `tracestate`): what crosses a process boundary with a
 * bus message (as NATS message headers, or beside the message on the in-process bus) or a queued job (in its data).
 */
export type TraceCarrier = Record<string, string>;

const tracer = trace.getTracer('@memories/nest-common');

export const recordGetter: TextMapGetter<TraceCarrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

/** Ends a span, as failed when `error` is given. */
export function endSpan(span: Span, error?: unknown): void {
  if (error !== undefined) {
    span.setStatus({
      code: SpanStatusCode.ERROR,
      message: error instanceof Error ? error.message : undefined,
    });
  }
  span.end();
}

/**
 * Runs `work` in a new span under the current one, and hands it the carrier of that span (for the message or job it
 * sends). With tracing off, `work` runs at once with no carrier and nothing is allocated.
 */
export async function inOutgoingSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string>,
  work: (carrier: TraceCarrier | undefined) => Promise<T>,
): Promise<T> {
  if (!isTracingEnabled()) return work(undefined);
  const span = tracer.startSpan(name, { kind, attributes });
  const spanContext = trace.setSpan(context.active(), span);
  const carrier: TraceCarrier = {};
  propagation.inject(spanContext, carrier);
  try {
    const result = await context.with(spanContext, () => work(carrier));
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/**
 * Runs the handling of something that came with a carrier (a bus message, a job) in a span that continues the
 * sender's trace. With tracing off, or without a trace to continue (background work sent it), `work` runs as it is.
 */
export async function inIncomingSpan<C, T>(
  name: string,
  kind: SpanKind,
  attributes: Record<string, string>,
  carrier: C | undefined,
  getter: TextMapGetter<C>,
  work: () => Promise<T>,
): Promise<T> {
  if (!isTracingEnabled() || carrier === undefined) return work();
  const parent = propagation.extract(ROOT_CONTEXT, carrier, getter);
  if (!trace.getSpanContext(parent)) return work();
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  try {
    const result = await context.with(trace.setSpan(parent, span), work);
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** Runs a job of a durable queue (pg-boss) in a span that continues the trace its data carries, if any. */
export function inQueuedJobSpan<T>(
  queue: string,
  carrier: TraceCarrier | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return inIncomingSpan(
    `process ${queue}`,
    SpanKind.CONSUMER,
    { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue },
    carrier,
    recordGetter,
    work,
  );
}

/** The carrier of the current trace, for work that continues it later (a queued job); undefined when not tracing. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  if (!isTracingEnabled() || !trace.getSpan(context.active())) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/**
 * Runs `work` outside any trace: a request it sends carries no trace context and records no span. For requests to
 * receivers outside the instance, whose URL (which may hold the receiver's secret) has no place in a span and which
 * have no use for our trace ids.
 */
export function outsideAnyTrace<T>(work: () => T): T {
  return isTracingEnabled() ? context.with(ROOT_CONTEXT, work) : work();
}

export { SpanKind };
