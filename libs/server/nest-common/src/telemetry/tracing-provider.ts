import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter as OtlpJsonTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OtlpProtobufTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TelemetrySettings } from './telemetry-settings';

/** Probes and scrapes come every few seconds from the orchestrator and Prometheus: no trace of them. */
const UNTRACED_PATHS = /^\/(health\/|metrics$)/;

/**
 * The tracer provider, its OTLP exporter and the HTTP and PostgreSQL instrumentations, registered. A module of its
 * own, loaded by startTelemetry only when tracing is on: the OpenTelemetry SDK is ~1.3 MB of code that a process
 * without tracing (npm start, by default) would otherwise keep in memory for nothing (issue 39).
 */
export function startTracing(defaultServiceName: string, settings: TelemetrySettings): NodeTracerProvider {
  const exporter = settings.protocol === 'http/json' ? new OtlpJsonTraceExporter() : new OtlpProtobufTraceExporter();
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, when set, win over the default name.
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: defaultServiceName }).merge(
      detectResources({ detectors: [envDetector] }),
    ),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request: IncomingMessage) => UNTRACED_PATHS.test(request.url ?? ''),
        // Outgoing calls (object storage) only as part of a traced request, not from background work.
        requireParentforOutgoingSpans: true,
      }),
      // Background queries (the job queue's polling, the account-deletion follower) would each be a trace of their
      // own: only queries made while handling something traced.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  return provider;
}
