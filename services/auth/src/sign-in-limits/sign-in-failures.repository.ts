import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

/** Failed sign-ins to one address within this window pause sign-in to it... */
export const SIGN_IN_FAILURE_WINDOW_MINUTES = 15;
/** ...once there are this many (each gateway's per-client limit is on top of it)... */
export const SIGN_IN_FAILURES_BEFORE_PAUSE = 10;
/** ...for this long, from wherever the attempts come (a password reset ends the pause at once). */
export const SIGN_IN_PAUSE_MINUTES = 15;

const normalised = (email: string) => email.trim().toLowerCase();

/** `auth.sign_in_failures`: the failed password sign-ins of each address (known to an account or not). */
@Injectable()
export class SignInFailuresRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async isPaused(email: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM "auth"."sign_in_failures" WHERE "email" = $1 AND "paused_until" > now()`,
      [normalised(email)],
    );
    return rowsOf(rows).length > 0;
  }

  async recordFailure(email: string): Promise<void> {
    await this.db.query(
      `INSERT INTO "auth"."sign_in_failures" AS "f" ("email", "failures", "window_ends_at")
       VALUES ($1, 1, now() + make_interval(mins => $2))
       ON CONFLICT ("email") DO UPDATE SET
         "failures" = CASE WHEN "f"."window_ends_at" <= now() THEN 1 ELSE "f"."failures" + 1 END,
         "window_ends_at" = CASE WHEN "f"."window_ends_at" <= now()
           THEN now() + make_interval(mins => $2) ELSE "f"."window_ends_at" END,
         "paused_until" = CASE WHEN "f"."window_ends_at" > now() AND "f"."failures" + 1 >= $3
           THEN now() + make_interval(mins => $4) ELSE "f"."paused_until" END`,
      [normalised(email), SIGN_IN_FAILURE_WINDOW_MINUTES, SIGN_IN_FAILURES_BEFORE_PAUSE, SIGN_IN_PAUSE_MINUTES],
    );
  }

  async clear(email: string): Promise<void> {
    await this.db.query(`DELETE FROM "auth"."sign_in_failures" WHERE "email" = $1`, [normalised(email)]);
  }

  async clearForUser(userId: string): Promise<void> {
    await this.db.query(
      `DELETE FROM "auth"."sign_in_failures" "f" USING "auth"."users" "u" WHERE "u"."id" = $1 AND "f"."email" = lower("u"."email")`,
      [userId],
    );
  }
}
