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
import { ConfigValidationError } from '../config/config-validation.error';
import type { Environment } from '../config/validate-config';
import { telemetrySettingsFrom } from './telemetry-settings';
import { markTracingEnabled } from './tracing-switch';

/** Probes and scrapes come every few seconds from the orchestrator and Prometheus: no trace of them. */
const UNTRACED_PATHS = /^\/(health\/|metrics$)/;

let provider: NodeTracerProvider | undefined;

/** A bad tracing variable stops the process with its message, as any other configuration error (see runMain). */
function settingsOrExit(env: Environment): ReturnType<typeof telemetrySettingsFrom> {
  try {
    return telemetrySettingsFrom(env);
  } catch (error) {
    if (!(error instanceof ConfigValidationError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * Turns tracing on when the environment asks for it (see telemetrySettingsFrom), before anything else is loaded:
 * the HTTP and PostgreSQL instrumentations wrap `http` and `pg` as they are first required, so a process' entry
 * point imports its `telemetry.ts` first. Spans leave in batches for the OTLP endpoint; the context travels in W3C
 * `traceparent` headers (HTTP, and NATS message headers, see bus-trace-context). Answers whether tracing is on.
 */
export function startTelemetry(defaultServiceName: string, env: Environment = process.env): boolean {
  const settings = settingsOrExit(env);
  if (!settings || provider) return provider !== undefined;
  const exporter = settings.protocol === 'http/json' ? new OtlpJsonTraceExporter() : new OtlpProtobufTraceExporter();
  provider = new NodeTracerProvider({
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
  const started = provider;
  markTracingEnabled(() => started.forceFlush());
  return true;
}
