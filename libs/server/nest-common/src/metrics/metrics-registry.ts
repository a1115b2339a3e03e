import { Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { PreparedHistogram } from './prepared-histogram';

/**
 * The process' one registry, served at /metrics. In `npm start` every service runs in the one process and shares
 * it; in the split deployment each process has its own.
 */
export const metricsRegistry = new Registry();

let processMetricsCollected = false;

/**
 * Node's own metrics (event-loop lag, heap, RSS, CPU, handles, garbage collection), sampled by prom-client from the
 * moment a process first serves /metrics.
 */
export function collectProcessMetrics(): void {
  if (processMetricsCollected) return;
  processMetricsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Registers a metric of ours that prom-client's registry reads like its own (see PreparedHistogram). */
export function registerPreparedMetric(metric: PreparedHistogram): PreparedHistogram {
  metricsRegistry.registerMetric(metric as unknown as Metric);
  return metric;
}
