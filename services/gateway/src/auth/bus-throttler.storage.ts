import { randomUUID } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RATE_LIMIT_SUBJECTS } from '@memories/contracts';
import type { BusClient } from '@memories/nest-common';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * The rate limits' counts, kept by the auth service in PostgreSQL: a client gets one budget across every gateway
 * replica (in memory, each replica would count its own). A window over its limit stays refused until it ends.
 */
export class BusThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly bus: BusClient) {}

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    const state = await this.bus.request(
      RATE_LIMIT_SUBJECTS.hit,
      { key, ttlMs: ttl, limit },
      { correlationId: randomUUID() },
    );
    return {
      totalHits: state.totalHits,
      timeToExpire: state.secondsToExpire,
      isBlocked: state.isBlocked,
      timeToBlockExpire: state.secondsToExpire,
    };
  }
}
