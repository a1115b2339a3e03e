import { Logger } from '@nestjs/common';
import type { Pool } from 'pg';
import PgBoss from 'pg-boss';
import { leaseSharedPool, sharedPoolOptions } from '../database/shared-pool';

export interface JobQueueOptions {
  databaseUrl: string;
  /** pg-boss's own tables, next to (not inside) the schema the service's migrations own, e.g. `upload_jobs`. */
  schema: string;
  /** How the connections show in PostgreSQL, e.g. `memories-upload-jobs`. */
  applicationName: string;
  /** How long one job may run before the queue counts it as dead and runs it again. */
  expireInSeconds: number;
  /** How often expired jobs are noticed (so how late a job whose process died runs again). */
  maintenanceIntervalSeconds: number;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** The service's DATABASE_POOL_SIZE: the queue keeps fewer connections still (see JOB_QUEUE_POOL_SIZE). */
  poolSize: number;
}

/**
 * Connections a queue keeps at most: its workers only poll (the jobs themselves run on the service's own pool), so a
 * few are enough, and `npm start`'s smaller pools make it fewer still (each poll every second keeps its connection,
 * a PostgreSQL process, from ever idling out).
 */
export const JOB_QUEUE_POOL_SIZE = 3;

/**
 * The one job runner of the back end: pg-boss on the service's own PostgreSQL, in every run mode. A queued or running
 * job survives a restart, replicas share the work, and what a job's process left half done runs again after
 * `expireInSeconds`. Each service owns its queues in its own schema; a queue error is logged, never thrown.
 */
export function createJobQueue(options: JobQueueOptions): PgBoss {
  const logger = new Logger(`${options.schema} queue`);
  // In a process whose services share one pool (npm start), the queue polls on it too: it leases the pool with its
  // first statement and gives the lease back once it has stopped (a queue that never started leases nothing).
  const shared = sharedPoolOptions() !== undefined;
  let lease: Pool | undefined;
  const boss = new PgBoss({
    ...(shared
      ? {
          db: {
            executeSql: (text: string, values?: unknown[]) =>
              (lease ??= leaseSharedPool(options.databaseUrl)).query(text, values),
          },
        }
      : {
          connectionString: options.databaseUrl,
          application_name: options.applicationName,
          max: Math.min(JOB_QUEUE_POOL_SIZE, options.poolSize),
        }),
    schema: options.schema,
    expireInSeconds: options.expireInSeconds,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelay,
    retryBackoff: options.retryBackoff,
  });
  boss.on('error', (error: Error) => logger.warn(`job queue: ${error.message}`));
  boss.on('stopped', () => {
    void lease?.end();
    lease = undefined;
  });
  return boss;
}
