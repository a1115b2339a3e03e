import { ConfigValidationError } from '../config/config-validation.error';
import type { Environment } from '../config/validate-config';
import { telemetrySettingsFrom } from './telemetry-settings';
import { markTracingEnabled } from './tracing-switch';
import type { startTracing } from './tracing-provider';

let provider: ReturnType<typeof startTracing> | undefined;

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
  // Required here, synchronously, rather than imported: the SDK loads only where tracing is on, and still before the
  // entry point goes on to load `http` and `pg` (an `import()` would load it after them).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const tracing = require('./tracing-provider') as typeof import('./tracing-provider');
  const started = tracing.startTracing(defaultServiceName, settings);
  provider = started;
  markTracingEnabled(() => started.forceFlush());
  return true;
}
