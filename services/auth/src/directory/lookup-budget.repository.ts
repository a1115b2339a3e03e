import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

/** One look-up taken from an account's budget, or the seconds until its window starts again. */
export type LookupCharge = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const WINDOW_MS = 60_000;

/**
 * auth.lookup_budgets: e-mail look-ups per account and minute, counted in PostgreSQL so that every gateway replica
 * and an import's restored shares draw on the same count. One statement takes a look-up: a window older than a
 * minute starts again at 1, otherwise the count goes up; over the limit, the look-up is refused (and still counted).
 */
@Injectable()
export class LookupBudgetRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async charge(userId: string, limit: number, now: Date): Promise<LookupCharge> {
    const windowStart = new Date(now.getTime() - WINDOW_MS);
    const [row] = rowsOf<{ window_started_at: Date; used: number }>(
      await this.db.query(
        `INSERT INTO auth.lookup_budgets AS b (user_id, window_started_at, used) VALUES ($1, $2, 1)
         ON CONFLICT (user_id) DO UPDATE SET
           window_started_at = CASE WHEN b.window_started_at <= $3 THEN $2 ELSE b.window_started_at END,
           used = CASE WHEN b.window_started_at <= $3 THEN 1 ELSE b.used + 1 END
         RETURNING window_started_at, used`,
        [userId, now, windowStart],
      ),
    );
    if (row.used <= limit) return { allowed: true };
    const retryAfterMs = row.window_started_at.getTime() + WINDOW_MS - now.getTime();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }
}
