import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import {
  countJobFailure,
  createJobQueue,
  currentTraceCarrier,
  inQueuedJobSpan,
  measureJobQueue,
  type TraceCarrier,
} from '@memories/nest-common';
import { NotifyConfig } from '../config/notify.config';
import { DELIVERY_CHANNELS, type DeliveryChannel } from './delivery-channel';

/** pg-boss's own tables, next to (not inside) the notify schema that the service's migrations own. */
export const NOTIFY_JOB_SCHEMA = 'notify_jobs';

interface DeliveryJob {
  id: string;
  /** The trace of the event or request that made the record, when tracing (a retry starts none of its own). */
  trace?: TraceCarrier;
}

/** How often each replica looks for records whose queue job was lost, and how many it takes at once. */
const RECLAIM_INTERVAL_MS = 5 * 60 * 1000;
const RECLAIM_BATCH = 100;

/**
 * Runs every attempt of every outbound channel on the back end's one job runner (pg-boss, `createJobQueue`): a
 * queued attempt survives a restart, replicas share them, and an attempt whose process died runs again once its job
 * expires. Each channel decides its own retries (the outcome's `retryAt`), queued here as a job that starts then.
 * Nothing here runs inside a request: a save that produced an event never waits for a receiver.
 */
@Injectable()
export class DeliveryQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DeliveryQueue.name);
  private readonly boss: PgBoss;
  private timer?: NodeJS.Timeout;

  constructor(
    config: NotifyConfig,
    @Inject(DELIVERY_CHANNELS) private readonly channels: DeliveryChannel[],
  ) {
    this.boss = createJobQueue({
      databaseUrl: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      schema: NOTIFY_JOB_SCHEMA,
      applicationName: 'memories-notify-jobs',
      // An attempt takes at most the channel's timeout; a job still active after a minute lost its process.
      expireInSeconds: 60,
      maintenanceIntervalSeconds: 60,
      // Only for a job whose process died: the channel's own retries are separate jobs.
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: false,
    });
    for (const { queue } of channels) measureJobQueue(queue, () => this.boss.getQueueSize(queue));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    for (const channel of this.channels) {
      await this.boss.createQueue(channel.queue);
      for (let worker = 0; worker < channel.concurrency; worker += 1) {
        await this.boss.work<DeliveryJob>(channel.queue, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) =>
          inQueuedJobSpan(channel.queue, job.data.trace, () => this.run(channel, job.data.id)),
        );
      }
    }
    this.timer = setInterval(() => void this.reclaim(), RECLAIM_INTERVAL_MS);
    // Never the reason the process stays alive.
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.boss.stop({ graceful: true, wait: true, timeout: 15_000 });
  }

  /** Queues an attempt of a channel's record, now or at `startAfter`, in the trace of what made the record. */
  async enqueue(queue: string, id: string, startAfter?: Date): Promise<void> {
    await this.send(queue, { id, trace: currentTraceCarrier() }, startAfter);
  }

  private async send(queue: string, job: DeliveryJob, startAfter?: Date): Promise<void> {
    await this.boss.send(queue, job, startAfter ? { startAfter } : {});
  }

  /** One attempt; a failed one counts in the metrics (a receiver that keeps failing shows there, by queue). */
  private async run(channel: DeliveryChannel, id: string): Promise<void> {
    const outcome = await channel.attempt(id).catch((error: unknown) => {
      countJobFailure(channel.queue);
      throw error;
    });
    if (outcome.failed) countJobFailure(channel.queue);
    for (const followUp of outcome.followUps ?? []) await this.enqueue(followUp.queue, followUp.id);
    // A retry joins no trace: it may run a day later, and the first attempt already shows in the one that made it.
    if (outcome.retryAt) await this.send(channel.queue, { id }, outcome.retryAt);
  }

  private async reclaim(): Promise<void> {
    for (const channel of this.channels) {
      try {
        const lost = await channel.reclaimLost(RECLAIM_BATCH);
        for (const id of lost) await this.enqueue(channel.queue, id);
        if (lost.length > 0) this.logger.warn(`${channel.queue}: queued ${lost.length} attempt(s) again`);
      } catch (error) {
        this.logger.warn(`${channel.queue}: could not look for lost attempts: ${String(error)}`);
      }
    }
  }
}
