import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { WebhookDisabledReason, WebhookEventType } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';

/** The name of the service's data source (named after its schema). */
export const NOTIFY_DATA_SOURCE = 'notify';

export interface WebhookRecord {
  id: string;
  ownerId: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  createdAt: Date;
}

export interface WebhookChanges {
  url?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

const COLUMNS = `"id", "owner_id" AS "ownerId", "url", "events", "secret", "enabled",
  "disabled_reason" AS "disabledReason", "created_at" AS "createdAt"`;

/** `notify.webhooks`: each person's receivers. Every read and write is scoped to the owner. */
@Injectable()
export class WebhooksRepository {
  constructor(@InjectDataSource(NOTIFY_DATA_SOURCE) private readonly db: DataSource) {}

  /** Inserts unless the owner already has `limit` webhooks (checked in the same statement); null then. */
  async create(
    record: Pick<WebhookRecord, 'id' | 'ownerId' | 'url' | 'events' | 'secret'>,
    limit: number,
  ): Promise<WebhookRecord | null> {
    const rows = rowsOf<WebhookRecord>(
      await this.db.query(
        `INSERT INTO "notify"."webhooks" ("id", "owner_id", "url", "events", "secret")
         SELECT $1::uuid, $2::varchar, $3::varchar, $4::text[], $5::varchar
         WHERE (SELECT count(*) FROM "notify"."webhooks" WHERE "owner_id" = $2::varchar) < $6
         RETURNING ${COLUMNS}`,
        [record.id, record.ownerId, record.url, record.events, record.secret, limit],
      ),
    );
    return rows[0] ?? null;
  }

  async listOwned(ownerId: string): Promise<WebhookRecord[]> {
    return rowsOf<WebhookRecord>(
      await this.db.query(
        `SELECT ${COLUMNS} FROM "notify"."webhooks" WHERE "owner_id" = $1 ORDER BY "created_at", "id"`,
        [ownerId],
      ),
    );
  }

  async findOwned(ownerId: string, id: string): Promise<WebhookRecord | undefined> {
    const rows = rowsOf<WebhookRecord>(
      await this.db.query(`SELECT ${COLUMNS} FROM "notify"."webhooks" WHERE "id" = $1 AND "owner_id" = $2`, [
        id,
        ownerId,
      ]),
    );
    return rows[0];
  }

  /** Turning a webhook on clears why the instance had turned it off. */
  async update(ownerId: string, id: string, changes: WebhookChanges): Promise<WebhookRecord | undefined> {
    const rows = rowsOf<WebhookRecord>(
      await this.db.query(
        `UPDATE "notify"."webhooks" SET
           "url" = COALESCE($3, "url"),
           "events" = COALESCE($4, "events"),
           "enabled" = COALESCE($5, "enabled"),
           "disabled_reason" = CASE WHEN $5::boolean IS NOT NULL THEN NULL ELSE "disabled_reason" END,
           "updated_at" = now()
         WHERE "id" = $1 AND "owner_id" = $2 RETURNING ${COLUMNS}`,
        [id, ownerId, changes.url ?? null, changes.events ?? null, changes.enabled ?? null],
      ),
    );
    return rows[0];
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "notify"."webhooks" WHERE "id" = $1 AND "owner_id" = $2 RETURNING "id"`, [
        id,
        ownerId,
      ]),
    );
    return rows.length > 0;
  }

  async deleteOwnedBy(ownerId: string): Promise<number> {
    return rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "notify"."webhooks" WHERE "owner_id" = $1 RETURNING "id"`, [ownerId]),
    ).length;
  }

  /** The owner's enabled webhooks that subscribe to the event. */
  async subscribedTo(ownerId: string, event: WebhookEventType): Promise<WebhookRecord[]> {
    return rowsOf<WebhookRecord>(
      await this.db.query(
        `SELECT ${COLUMNS} FROM "notify"."webhooks" WHERE "owner_id" = $1 AND "enabled" AND $2 = ANY ("events")`,
        [ownerId, event],
      ),
    );
  }

  async disable(id: string, reason: WebhookDisabledReason): Promise<void> {
    await this.db.query(
      `UPDATE "notify"."webhooks" SET "enabled" = false, "disabled_reason" = $2, "updated_at" = now() WHERE "id" = $1`,
      [id, reason],
    );
  }
}
