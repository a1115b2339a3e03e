import type { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_CONNECT_TIMEOUT_MS } from './data-source.factory';

export interface SharedPoolOptions {
  /** Connections the one pool keeps at most, for every service and job queue of the process together. */
  max: number;
  /** How its connections show in PostgreSQL (`pg_stat_activity`). */
  applicationName: string;
}

interface OpenPool {
  pool: pg.Pool;
  leases: number;
}

const logger = new Logger('database pool');
let sharing: SharedPoolOptions | undefined;
const openPools = new Map<string, OpenPool>();

/**
 * Makes every service of this process lend its connections from one node-postgres pool per database, its job queue
 * included, instead of a pool each. `npm start` runs four services and two job queues in one process for a few
 * people: each pool kept connections of its own open, and each connection is a PostgreSQL process of 4-12 MB
 * (issue 39, docs/performance.md). A service run on its own keeps its own pool and never calls this.
 *
 * Only the services' long-lived connections share: migrations open and close pools of their own, because a
 * migration holds its connection for its whole transaction, which would starve a small shared pool.
 */
export function shareOneDatabasePool(options: SharedPoolOptions): void {
  sharing = options;
}

/** What the process shares, when it does (see shareOneDatabasePool). */
export function sharedPoolOptions(): SharedPoolOptions | undefined {
  return sharing;
}

/**
 * A lease of the process' pool of `connectionString`: the pool itself in every way, except that `end()` returns
 * the lease and the pool only ends with its last lease. The first lease opens the pool.
 */
export function leaseSharedPool(connectionString: string): pg.Pool {
  if (!sharing) throw new Error('leaseSharedPool: this process does not share a pool (see shareOneDatabasePool)');
  let open = openPools.get(connectionString);
  if (!open) {
    const pool = new pg.Pool({
      connectionString,
      max: sharing.max,
      application_name: sharing.applicationName,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    });
    // The pool's own listener, which no lease takes away: an idle connection that PostgreSQL ends (a restart, or its
    // shutdown while the services stop and leases are given back) is an 'error' event, which unheard ends the process.
    pool.on('error', (error) => logger.warn(`An idle connection ended: ${error.message}`));
    open = { pool, leases: 0 };
    openPools.set(connectionString, open);
  }
  open.leases += 1;
  return leaseOf(connectionString, open);
}

function leaseOf(connectionString: string, open: OpenPool): pg.Pool {
  // node-postgres types `on` per event; a lease forwards any.
  const events: EventEmitter = open.pool;
  const listeners: Array<[string | symbol, (...args: unknown[]) => void]> = [];
  let ended = false;
  const end = async (callback?: (error?: Error) => void): Promise<void> => {
    try {
      if (!ended) {
        ended = true;
        // What the lessee listened to leaves with it, so that leases coming and going never pile listeners up.
        for (const [event, listener] of listeners) events.off(event, listener);
        open.leases -= 1;
        if (open.leases === 0) {
          openPools.delete(connectionString);
          await open.pool.end();
        }
      }
      callback?.();
    } catch (error) {
      if (!callback) throw error;
      callback(error as Error);
    }
  };
  return new Proxy(open.pool, {
    get(pool, property) {
      if (property === 'end') return end;
      if (property === 'on' || property === 'addListener') {
        return (event: string | symbol, listener: (...args: unknown[]) => void) => {
          listeners.push([event, listener]);
          events.on(event, listener);
          return pool;
        };
      }
      const value: unknown = Reflect.get(pool, property, pool);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(pool) : value;
    },
  });
}

/**
 * node-postgres as TypeORM's PostgreSQL driver loads it (its `driver` option), except that `new Pool()` leases the
 * process' pool (see leaseSharedPool): TypeORM's own options for the pool (its size, its name) give way to the
 * shared pool's.
 */
export function sharedPoolDriver(): typeof pg {
  return Object.create(pg, {
    Pool: {
      value: function SharedPool(options: pg.PoolConfig) {
        if (!options.connectionString) throw new Error('A shared pool is found by its connection string');
        return leaseSharedPool(options.connectionString);
      },
    },
  }) as typeof pg;
}
