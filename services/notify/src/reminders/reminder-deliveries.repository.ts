import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ReminderChannel } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { NOTIFY_DATA_SOURCE } from '../webhooks/webhooks.repository';
import type { ReminderOccasion } from './reminder-schedule';

export interface ReminderDeliveryRecord {
  id: string;
  ownerId: string;
  channel: ReminderChannel;
  localDate: string;
  dayStart: Date;
  dayEnd: Date;
  dueAt: Date;
  attempts: number;
}

const COLUMNS = `"id", "owner_id" AS "ownerId", "channel", to_char("local_date", 'YYYY-MM-DD') AS "localDate",
  "day_start" AS "dayStart", "day_end" AS "dayEnd", "due_at" AS "dueAt", "attempts"`;
const LOST_AFTER = '10 minutes';

/** `notify.reminder_deliveries`: one reminder of one day on one channel, and what became of it. */
@Injectable()
export class ReminderDeliveriesRepository {
  constructor(@InjectDataSource(NOTIFY_DATA_SOURCE) private readonly db: DataSource) {}

  /** Records the day's reminder on a channel once; true when it is new (it needs a queue job). */
  async record(id: string, ownerId: string, channel: ReminderChannel, occasion: ReminderOccasion): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(
        `INSERT INTO "notify"."reminder_deliveries"
           ("id", "owner_id", "channel", "local_date", "day_start", "day_end", "due_at", "next_attempt_at")
         VALUES ($1, $2, $3, $4::date, $5, $6, $7, $7)
         ON CONFLICT ("owner_id", "channel", "local_date") DO NOTHING RETURNING "id"`,
        [id, ownerId, channel, occasion.localDate, occasion.dayStart, occasion.dayEnd, occasion.dueAt],
      ),
    );
    return rows.length > 0;
  }

  /** Counts an attempt of a pending delivery that is due; undefined for one settled, gone, or not due yet. */
  async begin(id: string, channel: ReminderChannel): Promise<ReminderDeliveryRecord | undefined> {
    const rows = rowsOf<ReminderDeliveryRecord>(
      await this.db.query(
        `UPDATE "notify"."reminder_deliveries" SET "attempts" = "attempts" + 1
         WHERE "id" = $1 AND "channel" = $2 AND "status" = 'pending'
           AND "next_attempt_at" <= now() + interval '2 seconds'
         RETURNING ${COLUMNS}`,
        [id, channel],
      ),
    );
    return rows[0];
  }

  /** Sent, skipped (the person already wrote that day) or failed for good, with why. */
  async settle(id: string, status: 'sent' | 'skipped' | 'failed', error: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."reminder_deliveries" SET "status" = $2, "error" = left($3, 300), "next_attempt_at" = NULL
       WHERE "id" = $1`,
      [id, status, error],
    );
  }

  async retryAt(id: string, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."reminder_deliveries" SET "error" = left($2, 300), "next_attempt_at" = $3 WHERE "id" = $1`,
      [id, error, nextAttemptAt],
    );
  }

  /** Pending deliveries of a channel long past due (their queue job was lost): marked due now, for the queue again. */
  async reclaimLost(channel: ReminderChannel, limit: number): Promise<string[]> {
    return rowsOf<{ id: string }>(
      await this.db.query(
        `UPDATE "notify"."reminder_deliveries" SET "next_attempt_at" = now()
         WHERE "id" IN (
           SELECT "id" FROM "notify"."reminder_deliveries"
           WHERE "channel" = $1 AND "status" = 'pending' AND "next_attempt_at" < now() - interval '${LOST_AFTER}'
           ORDER BY "next_attempt_at" LIMIT $2 FOR UPDATE SKIP LOCKED
         ) RETURNING "id"`,
        [channel, limit],
      ),
    ).map((row) => row.id);
  }

  /** Settled deliveries older than a month are of no further use. */
  async pruneOld(): Promise<void> {
    await this.db.query(
      `DELETE FROM "notify"."reminder_deliveries" WHERE "status" <> 'pending' AND "created_at" < now() - interval '31 days'`,
    );
  }

  async deleteOwnedBy(ownerId: string): Promise<number> {
    return rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "notify"."reminder_deliveries" WHERE "owner_id" = $1 RETURNING "id"`, [ownerId]),
    ).length;
  }
}
