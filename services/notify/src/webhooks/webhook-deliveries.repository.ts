import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookDeliveryStatus, WebhookDeliveryType } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { NOTIFY_DATA_SOURCE, type WebhookRecord } from './webhooks.repository';

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  type: WebhookDeliveryType;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  type: WebhookDeliveryType;
  memoryId: string | null;
  body: string;
  /** When the change it reports happened: a later change of a memory never gives way to an earlier one. */
  occurredAt: Date;
  nextAttemptAt: Date;
}

/** An attempt that began: the delivery (its attempts already counted) and its webhook as they are now. */
export interface StartedAttempt {
  delivery: DeliveryRecord;
  webhook: Pick<WebhookRecord, 'id' | 'url' | 'secret' | 'enabled'>;
}

/** Settled deliveries kept per webhook beyond the list the API shows. */
const KEPT_PER_WEBHOOK = 200;
/** A pending delivery this long past due has lost its queue job (its process died between the two writes). */
const LOST_AFTER = '10 minutes';

const COLUMNS = `"id", "webhook_id" AS "webhookId", "type", "body", "status", "attempts",
  "response_status" AS "responseStatus", "error", "created_at" AS "createdAt",
  "last_attempt_at" AS "lastAttemptAt", "next_attempt_at" AS "nextAttemptAt"`;

/** `notify.webhook_deliveries`: every message to a receiver and what became of it. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(@InjectDataSource(NOTIFY_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * Records a delivery once per (webhook, source event). A `memory.updated` joins the one of the same memory that
   * waits for its first attempt, if any (unless it reports an older change), and is dropped once the memory's
   * deletion was recorded; recording a `memory.deleted` drops the memory's updates still waiting. The events of one
   * memory arrive together and are handled at once, so these run one at a time per (webhook, memory). True when a
   * new delivery was recorded (it needs a queue job). The row lock orders this against `begin`: a change either
   * joins a delivery before its first attempt or gets its own.
   */
  async record(delivery: NewDelivery): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      if (delivery.memoryId !== null) {
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
          `${delivery.webhookId}/${delivery.memoryId}`,
        ]);
      }
      if (delivery.type === 'memory.deleted') {
        await manager.query(
          `DELETE FROM "notify"."webhook_deliveries"
           WHERE "webhook_id" = $1 AND "memory_id" = $2 AND "type" = 'memory.updated' AND "status" = 'pending'
             AND "attempts" = 0`,
          [delivery.webhookId, delivery.memoryId],
        );
      }
      const isUpdate = delivery.type === 'memory.updated';
      const rows = rowsOf<{ inserted: boolean }>(
        await manager.query(
          `INSERT INTO "notify"."webhook_deliveries"
             ("id", "webhook_id", "event_id", "type", "memory_id", "body", "occurred_at", "next_attempt_at")
           SELECT $1::uuid, $2::uuid, $3::uuid, $4::varchar, $5::uuid, $6::text, $7::timestamptz, $8::timestamptz
           WHERE NOT ($9::boolean AND EXISTS (
             SELECT 1 FROM "notify"."webhook_deliveries"
             WHERE "webhook_id" = $2::uuid AND "memory_id" = $5::uuid AND "type" = 'memory.deleted'
           ))
           ${
             isUpdate
               ? `ON CONFLICT ("webhook_id", "memory_id")
                    WHERE "type" = 'memory.updated' AND "status" = 'pending' AND "attempts" = 0
                  DO UPDATE SET "body" = EXCLUDED."body", "event_id" = EXCLUDED."event_id",
                    "occurred_at" = EXCLUDED."occurred_at"
                  WHERE "webhook_deliveries"."occurred_at" <= EXCLUDED."occurred_at"`
               : `ON CONFLICT ("webhook_id", "event_id") DO NOTHING`
           }
           RETURNING ("xmax" = 0) AS "inserted"`,
          [
            delivery.id,
            delivery.webhookId,
            delivery.eventId,
            delivery.type,
            delivery.memoryId,
            delivery.body,
            delivery.occurredAt,
            delivery.nextAttemptAt,
            isUpdate,
          ],
        ),
      );
      const inserted = rows[0]?.inserted === true;
      if (inserted) await this.prune(manager, delivery.webhookId);
      return inserted;
    });
  }

  /**
   * Counts an attempt of a pending delivery that is due, and answers it with its webhook; undefined for one that is
   * settled, gone, or not due yet (a queue job that ran twice).
   */
  async begin(id: string): Promise<StartedAttempt | undefined> {
    const rows = rowsOf<DeliveryRecord & { url: string; secret: string; enabled: boolean }>(
      await this.db.query(
        `WITH started AS (
           UPDATE "notify"."webhook_deliveries" SET "attempts" = "attempts" + 1, "last_attempt_at" = now()
           WHERE "id" = $1 AND "status" = 'pending' AND "next_attempt_at" <= now() + interval '2 seconds'
           RETURNING *
         )
         SELECT started."id", started."webhook_id" AS "webhookId", started."type", started."body", started."status",
                started."attempts", started."response_status" AS "responseStatus", started."error",
                started."created_at" AS "createdAt", started."last_attempt_at" AS "lastAttemptAt",
                started."next_attempt_at" AS "nextAttemptAt", w."url", w."secret", w."enabled"
         FROM started JOIN "notify"."webhooks" w ON w."id" = started."webhook_id"`,
        [id],
      ),
    );
    const [row] = rows;
    if (!row) return undefined;
    const { url, secret, enabled, ...delivery } = row;
    return { delivery, webhook: { id: delivery.webhookId, url, secret, enabled } };
  }

  async succeed(id: string, responseStatus: number): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."webhook_deliveries"
       SET "status" = 'succeeded', "response_status" = $2, "error" = NULL, "next_attempt_at" = NULL WHERE "id" = $1`,
      [id, responseStatus],
    );
  }

  async retryAt(id: string, responseStatus: number | null, error: string, nextAttemptAt: Date): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."webhook_deliveries"
       SET "response_status" = $2, "error" = left($3, 300), "next_attempt_at" = $4 WHERE "id" = $1`,
      [id, responseStatus, error, nextAttemptAt],
    );
  }

  async fail(id: string, responseStatus: number | null, error: string): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."webhook_deliveries"
       SET "status" = 'failed', "response_status" = $2, "error" = left($3, 300), "next_attempt_at" = NULL
       WHERE "id" = $1`,
      [id, responseStatus, error],
    );
  }

  async listRecent(webhookId: string, limit: number): Promise<DeliveryRecord[]> {
    return rowsOf<DeliveryRecord>(
      await this.db.query(
        `SELECT ${COLUMNS} FROM "notify"."webhook_deliveries" WHERE "webhook_id" = $1
         ORDER BY "created_at" DESC, "id" LIMIT $2`,
        [webhookId, limit],
      ),
    );
  }

  /** Pending deliveries long past due (their queue job was lost): marked due now, for the queue again. */
  async reclaimLost(limit: number): Promise<string[]> {
    return rowsOf<{ id: string }>(
      await this.db.query(
        `UPDATE "notify"."webhook_deliveries" SET "next_attempt_at" = now()
         WHERE "id" IN (
           SELECT "id" FROM "notify"."webhook_deliveries"
           WHERE "status" = 'pending' AND "next_attempt_at" < now() - interval '${LOST_AFTER}'
           ORDER BY "next_attempt_at" LIMIT $1 FOR UPDATE SKIP LOCKED
         ) RETURNING "id"`,
        [limit],
      ),
    ).map((row) => row.id);
  }

  private async prune(manager: EntityManager, webhookId: string): Promise<void> {
    await manager.query(
      `DELETE FROM "notify"."webhook_deliveries" WHERE "id" IN (
         SELECT "id" FROM "notify"."webhook_deliveries" WHERE "webhook_id" = $1 AND "status" <> 'pending'
         ORDER BY "created_at" DESC OFFSET $2
       )`,
      [webhookId, KEPT_PER_WEBHOOK],
    );
  }
}
