import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './metrics-registry';

/** How many jobs of a queue wait to run (read at each scrape, from the queue's own tables). */
export type QueueDepthReader = () => Promise<number>;

const depthReaders = new Map<string, QueueDepthReader>();

new Gauge({
  name: 'memories_job_queue_depth',
  help: 'Jobs waiting in each durable job queue (queued or waiting for a retry)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    for (const [queue, depth] of depthReaders) {
      // A database outage must not take the other metrics with it: the queue's depth is just left out.
      const waiting = await depth().catch(() => undefined);
      if (waiting !== undefined) this.set({ queue }, waiting);
    }
  },
});

const jobFailures = new Counter({
  name: 'memories_job_failures_total',
  help: 'Failed attempts of jobs, by queue (a job that is retried and then succeeds counts its failed attempts)',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});

/** Reports a durable queue's depth in the metrics, and starts its failure count at 0. */
export function measureJobQueue(queue: string, depth: QueueDepthReader): void {
  depthReaders.set(queue, depth);
  jobFailures.inc({ queue }, 0);
}

export function countJobFailure(queue: string): void {
  jobFailures.inc({ queue });
}
