/**
 * Whether this process traces. Read on hot paths (every bus message) before anything is allocated for a trace, so
 * that with tracing off (the default) a request costs what it cost before tracing existed. The SDK itself is loaded
 * only by startTelemetry (`@memories/nest-common/telemetry`), never by the rest of the package.
 */
let tracing = false;
let flush: () => Promise<void> = async () => undefined;

export function isTracingEnabled(): boolean {
  return tracing;
}

export function markTracingEnabled(flushSpans: () => Promise<void>): void {
  tracing = true;
  flush = flushSpans;
}

/** Sends the spans still waiting in the batch (at shutdown: the last requests' traces are not lost). */
export function flushTelemetry(): Promise<void> {
  return flush();
}
