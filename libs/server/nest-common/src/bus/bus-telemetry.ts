import { context, trace, type TextMapGetter } from '@opentelemetry/api';
import { ERROR_CODES } from '@memories/contracts';
import { withHandledLine } from '../logging/debug-lines';
import { runInRequestScope } from '../logging/request-scope';
import { observeBusRequest, type BusOutcome } from '../metrics/bus-metrics';
import { SpanKind, inIncomingSpan, inOutgoingSpan, type TraceCarrier } from '../telemetry/trace-context';
import { isTracingEnabled } from '../telemetry/tracing-switch';
import { DomainError } from '../errors/domain.error';
import { NO_RESPONDERS_MESSAGE_START } from './bus-errors';

/**
 * A message (or event envelope) travelling with the trace context of its sender. The transports take the carrier
 * out: NATS puts it into the message's headers, the in-process broker hands it to the subscriber beside the message.
 */
export class BusRecord<T = unknown> {
  constructor(
    readonly data: T,
    readonly carrier: TraceCarrier,
  ) {}
}

/** The data itself when there is no trace context to carry (tracing off): nothing is wrapped or allocated. */
export function withCarrier<T>(data: T, carrier: TraceCarrier | undefined): T | BusRecord<T> {
  return carrier === undefined ? data : new BusRecord(data, carrier);
}

function outcomeOf(error: unknown): BusOutcome {
  if (!(error instanceof DomainError)) return 'error';
  if (error.code === ERROR_CODES.BUS_TIMEOUT) return 'timeout';
  if (error.code === ERROR_CODES.BUS_UNAVAILABLE)
    return error.message.startsWith(NO_RESPONDERS_MESSAGE_START) ? 'no_responders' : 'unavailable';
  return 'error';
}

/**
 * Whether this message belongs to a traced request (or job). Background work (a follower's polling, a sweep) sends
 * messages outside of any: a trace of its own every few seconds would bury the requests' traces.
 */
function withinTrace(): boolean {
  return isTracingEnabled() && trace.getSpan(context.active()) !== undefined;
}

function messagingAttributes(subject: string): Record<string, string> {
  return { 'messaging.system': 'nats', 'messaging.destination.name': subject };
}

/**
 * Sends one request (`send` gets the trace carrier to put on the message, undefined when not tracing) and records
 * its duration and outcome in memories_bus_request_duration_seconds; within a traced request, inside a client span.
 */
export async function observedRequest<T>(
  subject: string,
  send: (carrier: TraceCarrier | undefined) => Promise<T>,
): Promise<T> {
  const startedAt = performance.now();
  try {
    const result = withinTrace()
      ? await inOutgoingSpan(`send ${subject}`, SpanKind.CLIENT, messagingAttributes(subject), send)
      : await send(undefined);
    observeBusRequest(subject, 'ok', startedAt);
    return result;
  } catch (error) {
    observeBusRequest(subject, outcomeOf(error), startedAt);
    throw error;
  }
}

/** Publishes one event, inside a producer span when tracing (`publish` gets the carrier to put on it). */
export function tracedPublish<T>(
  subject: string,
  publish: (carrier: TraceCarrier | undefined) => Promise<T>,
): Promise<T> {
  if (!withinTrace()) return publish(undefined);
  return inOutgoingSpan(`publish ${subject}`, SpanKind.PRODUCER, messagingAttributes(subject), publish);
}

function correlationIdOf(data: unknown): string | undefined {
  const id = (data as { correlationId?: unknown } | null | undefined)?.correlationId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * How a service's bus server handles each message it receives, prepared once per server. With LOG_LEVEL=debug a line
 * says the message was handled, with its correlation id. When tracing, the handling runs in a span continuing the
 * sender's trace (from the carrier the transport read) and in the request's scope, so that every line it logs carries
 * the correlation id, the trace and the service's name. Without tracing there is no scope, as it would cost every
 * promise of the handler (a few per cent of a service's CPU per request): the few lines written while handling a
 * message name their request (`lineOf`). A service whose handlers log deep inside, where no request is at hand, and
 * whose requests are expensive anyway (auth: password hashing) asks for the scope always (`scopeEveryMessage`).
 */
export class ReceivedMessages {
  constructor(
    private readonly service: string,
    private readonly scopeEveryMessage = false,
  ) {}

  handle<C, T>(
    subject: string,
    isEvent: boolean,
    data: unknown,
    carrier: C | undefined,
    getter: TextMapGetter<C>,
    handle: () => Promise<T>,
  ): Promise<T> {
    const correlationId = correlationIdOf(data);
    const logged = withHandledLine(subject, correlationId, handle);
    const tracing = isTracingEnabled();
    if (!tracing && !this.scopeEveryMessage) return logged();
    const scoped =
      correlationId === undefined ? logged : () => runInRequestScope({ correlationId, service: this.service }, logged);
    if (!tracing) return scoped();
    // The scope inside the span: the span's context starts from the sender's, not from this one.
    return inIncomingSpan(
      `process ${subject}`,
      isEvent ? SpanKind.CONSUMER : SpanKind.SERVER,
      messagingAttributes(subject),
      carrier,
      getter,
      scoped,
    );
  }
}
