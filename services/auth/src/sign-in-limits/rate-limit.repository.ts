import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { RateLimitHit, RateLimitState } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';

/** Windows that ended this long ago are deleted, at most once per this long per process. */
const SWEEP_EVERY_MS = 10 * 60_000;

/** `auth.rate_limits`: one fixed window per key, counted in one statement whichever gateway replica asks. */
@Injectable()
export class RateLimitRepository {
  private lastSweep = 0;

  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async hit({ key, ttlMs, limit }: RateLimitHit): Promise<RateLimitState> {
    await this.sweep();
    const [row] = rowsOf<{ hits: number; seconds: string }>(
      await this.db.query(
        `INSERT INTO "auth"."rate_limits" AS "limit" ("key", "hits", "window_ends_at")
         VALUES ($1, 1, now() + make_interval(secs => $2 / 1000.0))
         ON CONFLICT ("key") DO UPDATE SET
           "hits" = CASE WHEN "limit"."window_ends_at" <= now() THEN 1 ELSE "limit"."hits" + 1 END,
           "window_ends_at" = CASE WHEN "limit"."window_ends_at" <= now()
             THEN now() + make_interval(secs => $2 / 1000.0) ELSE "limit"."window_ends_at" END
         RETURNING "hits", ceil(extract(epoch FROM "window_ends_at" - now())) AS "seconds"`,
        [key, ttlMs],
      ),
    );
    return { totalHits: row.hits, secondsToExpire: Math.max(0, Number(row.seconds)), isBlocked: row.hits > limit };
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    await this.db.query(`DELETE FROM "auth"."rate_limits" WHERE "window_ends_at" < now() - interval '1 hour'`);
  }
}
