import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import {
  countJobFailure,
  createJobQueue,
  currentTraceCarrier,
  inQueuedJobSpan,
  measureJobQueue,
  type TraceCarrier,
} from '@memories/nest-common';
import { UploadConfig } from '../../config/upload.config';
import { ImportJobRunner } from '../import/import-job.runner';

/** pg-boss's own tables, next to (not inside) the upload schema that the service's migrations own. */
export const JOB_QUEUE_SCHEMA = 'upload_jobs';
export const IMPORT_QUEUE = 'import-archive';

interface ImportJobData {
  jobId: string;
  /** The trace of the request that started the import, when tracing: its chunks' spans join it. */
  trace?: TraceCarrier;
}

/**
 * The durable queue of import work (the back end's one job runner, `createJobQueue`). Each queue job is one chunk of
 * an import, bounded to a quarter of IMPORT_JOB_TIMEOUT_SECONDS; a chunk whose process died expires after that
 * timeout and is run again, from the import's checkpoint.
 */
@Injectable()
export class ImportQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ImportQueue.name);
  private readonly boss: PgBoss;
  private readonly chunkBudgetMs: number;

  constructor(
    config: UploadConfig,
    private readonly runner: ImportJobRunner,
  ) {
    const timeout = config.IMPORT_JOB_TIMEOUT_SECONDS;
    this.chunkBudgetMs = (timeout * 1000) / 4;
    this.boss = createJobQueue({
      databaseUrl: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      schema: JOB_QUEUE_SCHEMA,
      applicationName: 'memories-upload-jobs',
      expireInSeconds: timeout,
      // Expired chunks are noticed at maintenance: as often as the timeout, so a restart delays a job by about twice
      // it.
      maintenanceIntervalSeconds: timeout,
      retryLimit: 10,
      retryDelay: 1,
      retryBackoff: true,
    });
    measureJobQueue(IMPORT_QUEUE, () => this.boss.getQueueSize(IMPORT_QUEUE));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(IMPORT_QUEUE);
    await this.boss.work<ImportJobData>(
      IMPORT_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) =>
        inQueuedJobSpan(IMPORT_QUEUE, job.data.trace, async () => {
          try {
            const outcome = await this.runner.runChunk(job.data.jobId, this.chunkBudgetMs);
            if (outcome === 'continue') await this.enqueue(job.data.jobId);
            else if (outcome !== 'finished') await this.enqueue(job.data.jobId, outcome.waitSeconds);
          } catch (error) {
            countJobFailure(IMPORT_QUEUE);
            this.logger.warn(
              `import ${job.data.jobId}: ${error instanceof Error ? error.message : String(error)} (attempt ${job.retryCount + 1})`,
            );
            if (job.retryCount >= job.retryLimit) await this.runner.giveUp(job.data.jobId);
            throw error;
          }
        }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  /** Queues the next chunk of an import, at once or after `afterSeconds`. */
  async enqueue(jobId: string, afterSeconds?: number): Promise<void> {
    await this.boss.send(
      IMPORT_QUEUE,
      { jobId, trace: currentTraceCarrier() } satisfies ImportJobData,
      afterSeconds ? { startAfter: afterSeconds } : {},
    );
  }
}
