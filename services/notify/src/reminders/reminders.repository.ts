import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReminderSettings } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { NOTIFY_DATA_SOURCE } from '../webhooks/webhooks.repository';
import { nextReminder, occasionAt, type ReminderOccasion } from './reminder-schedule';

export interface ReminderRecord extends ReminderSettings {
  ownerId: string;
  nextDueAt: Date | null;
  unsubscribeToken: string;
}

/** A reminder that came due and was claimed by this process: what to send, and when the next one is. */
export interface ClaimedReminder {
  reminder: ReminderRecord;
  occasion: ReminderOccasion;
  next: ReminderOccasion | null;
}

/** A reminder more than this late (its process or the whole instance was down) is not sent any more. */
export const STALE_AFTER_MS = 2 * 60 * 60 * 1000;
/** A reminder due this long ago and still not claimed has lost its queue job. */
const LOST_AFTER = '10 minutes';

const COLUMNS = `"owner_id" AS "ownerId", "enabled", "time", "time_zone" AS "timeZone", "days", "channels",
  "next_due_at" AS "nextDueAt", "unsubscribe_token" AS "unsubscribeToken"`;

/** `notify.reminders`: each person's reminder settings and the instant their next reminder is due. */
@Injectable()
export class RemindersRepository {
  constructor(@InjectDataSource(NOTIFY_DATA_SOURCE) private readonly db: DataSource) {}

  async findOwned(ownerId: string): Promise<ReminderRecord | undefined> {
    const rows = rowsOf<ReminderRecord>(
      await this.db.query(`SELECT ${COLUMNS} FROM "notify"."reminders" WHERE "owner_id" = $1`, [ownerId]),
    );
    return rows[0];
  }

  /** Saves the settings with their next due instant; the unsubscribe token is made once, with the first save. */
  async save(
    ownerId: string,
    settings: ReminderSettings,
    nextDueAt: Date | null,
    newToken: string,
  ): Promise<ReminderRecord> {
    const rows = rowsOf<ReminderRecord>(
      await this.db.query(
        `INSERT INTO "notify"."reminders"
           ("owner_id", "enabled", "time", "time_zone", "days", "channels", "next_due_at", "unsubscribe_token")
         VALUES ($1, $2, $3, $4, $5::smallint[], $6::text[], $7, $8)
         ON CONFLICT ("owner_id") DO UPDATE SET
           "enabled" = EXCLUDED."enabled", "time" = EXCLUDED."time", "time_zone" = EXCLUDED."time_zone",
           "days" = EXCLUDED."days", "channels" = EXCLUDED."channels", "next_due_at" = EXCLUDED."next_due_at",
           "updated_at" = now()
         RETURNING ${COLUMNS}`,
        [
          ownerId,
          settings.enabled,
          settings.time,
          settings.timeZone,
          settings.days,
          settings.channels,
          nextDueAt,
          newToken,
        ],
      ),
    );
    return rows[0];
  }

  /** The one-click unsubscribe: e-mail leaves the channels, nothing else changes. Undefined for an unknown token. */
  async dropEmailByToken(token: string): Promise<string | undefined> {
    const rows = rowsOf<{ ownerId: string }>(
      await this.db.query(
        `UPDATE "notify"."reminders" SET "channels" = array_remove("channels", 'email'), "updated_at" = now()
         WHERE "unsubscribe_token" = $1 RETURNING "owner_id" AS "ownerId"`,
        [token],
      ),
    );
    return rows[0]?.ownerId;
  }

  /**
   * Claims the person's reminder if it is due: moves its due instant to the next one in the same transaction, so
   * of every replica (and every duplicate queue job) exactly one sees it due. Undefined when nothing is due.
   */
  async claimDue(ownerId: string, now: Date): Promise<ClaimedReminder | undefined> {
    return this.db.transaction(async (manager) => {
      const rows = rowsOf<ReminderRecord>(
        await manager.query(
          `SELECT ${COLUMNS} FROM "notify"."reminders"
           WHERE "owner_id" = $1 AND "enabled" AND "next_due_at" <= $2::timestamptz + interval '2 seconds'
           FOR UPDATE`,
          [ownerId, now],
        ),
      );
      const [reminder] = rows;
      if (!reminder?.nextDueAt) return undefined;
      const dueAt = new Date(reminder.nextDueAt);
      // From now, not from the due instant: days the instance was down are not caught up one by one.
      const next = nextReminder(reminder, new Date(Math.max(dueAt.getTime(), now.getTime())));
      await manager.query(`UPDATE "notify"."reminders" SET "next_due_at" = $2 WHERE "owner_id" = $1`, [
        ownerId,
        next?.dueAt ?? null,
      ]);
      return { reminder, occasion: occasionAt(reminder, dueAt), next };
    });
  }

  /** Reminders long past due and never claimed (their queue job was lost): their owners, to queue again. */
  async lostDue(limit: number): Promise<string[]> {
    return rowsOf<{ ownerId: string }>(
      await this.db.query(
        `SELECT "owner_id" AS "ownerId" FROM "notify"."reminders"
         WHERE "enabled" AND "next_due_at" < now() - interval '${LOST_AFTER}'
         ORDER BY "next_due_at" LIMIT $1`,
        [limit],
      ),
    ).map((row) => row.ownerId);
  }

  async deleteOwnedBy(ownerId: string): Promise<number> {
    return rowsOf<{ ownerId: string }>(
      await this.db.query(`DELETE FROM "notify"."reminders" WHERE "owner_id" = $1 RETURNING "owner_id" AS "ownerId"`, [
        ownerId,
      ]),
    ).length;
  }
}
