import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { sharedPoolOptions } from '../database/shared-pool';
import { metricsRegistry } from './metrics-registry';

/** What node-postgres' Pool tells about itself. */
interface PoolState {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

const pools = new Map<string, DataSource>();

function poolOf(dataSource: DataSource): PoolState | undefined {
  // TypeORM's PostgreSQL driver keeps its pg Pool as `master` once connected.
  return (dataSource.driver as unknown as { master?: PoolState }).master;
}

new Gauge({
  name: 'memories_db_pool_connections',
  help: "Connections of each service's PostgreSQL pool (npm start's one shared pool as memories): in use, idle, and the pool's maximum",
  labelNames: ['service', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [service, dataSource] of pools) {
      const pool = poolOf(dataSource);
      if (!pool) continue;
      this.set({ service, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ service, state: 'idle' }, pool.idleCount);
      this.set({ service, state: 'max' }, pool.options?.max ?? 10);
    }
  },
});

new Gauge({
  name: 'memories_db_pool_waiting_queries',
  help: "Queries waiting for a free connection of each service's PostgreSQL pool (npm start's one shared pool as memories)",
  labelNames: ['service'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    for (const [service, dataSource] of pools) {
      const pool = poolOf(dataSource);
      if (pool) this.set({ service }, pool.waitingCount);
    }
  },
});

/**
 * Reports this service's pool in the metrics (read at each scrape, nothing counted per query). Where the process'
 * services share one pool (npm start), it is reported once, under the pool's name (`memories`): one row per service
 * would count its connections four times in any sum.
 */
export function measureDatabasePool(service: string, dataSource: DataSource): void {
  pools.set(sharedPoolOptions()?.applicationName ?? service, dataSource);
}
