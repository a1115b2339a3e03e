import type { TextMapGetter } from '@opentelemetry/api';
import { headers as natsHeaders, type MsgHdrs } from 'nats';
import type { TraceCarrier } from '../../telemetry/trace-context';

/** A trace carrier as NATS message headers (`traceparent`, `tracestate`). */
export function toNatsHeaders(carrier: TraceCarrier): MsgHdrs {
  const headers = natsHeaders();
  for (const [key, value] of Object.entries(carrier)) headers.set(key, value);
  return headers;
}

/** Reads the trace context of a received message from its NATS headers. */
export const natsHeadersGetter: TextMapGetter<MsgHdrs> = {
  keys: (headers) => headers.keys(),
  get: (headers, key) => (headers.has(key) ? headers.get(key) : undefined),
};
