import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import { NOTIFY_DATA_SOURCE } from '../webhooks/webhooks.repository';

export interface PushDeviceRecord {
  id: string;
  ownerId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Date;
}

const COLUMNS = `"id", "owner_id" AS "ownerId", "endpoint", "p256dh", "auth", "created_at" AS "createdAt"`;

/** `notify.push_devices`: the browsers that receive a person's reminders. */
@Injectable()
export class PushDevicesRepository {
  constructor(@InjectDataSource(NOTIFY_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * Registers a browser's subscription for the owner. An endpoint already known (the same browser again, or after
   * another account signed in on it) now belongs to this owner with these keys. Beyond `limit` devices the oldest
   * of the owner's go.
   */
  async register(device: Omit<PushDeviceRecord, 'createdAt'>, limit: number): Promise<PushDeviceRecord> {
    return this.db.transaction(async (manager) => {
      const rows = rowsOf<PushDeviceRecord>(
        await manager.query(
          `INSERT INTO "notify"."push_devices" ("id", "owner_id", "endpoint", "p256dh", "auth")
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT ("endpoint") DO UPDATE SET
             "owner_id" = EXCLUDED."owner_id", "p256dh" = EXCLUDED."p256dh", "auth" = EXCLUDED."auth",
             "created_at" = CASE WHEN "push_devices"."owner_id" = EXCLUDED."owner_id"
                                 THEN "push_devices"."created_at" ELSE now() END
           RETURNING ${COLUMNS}`,
          [device.id, device.ownerId, device.endpoint, device.p256dh, device.auth],
        ),
      );
      await manager.query(
        `DELETE FROM "notify"."push_devices" WHERE "id" IN (
           SELECT "id" FROM "notify"."push_devices" WHERE "owner_id" = $1
           ORDER BY "created_at" DESC, "id" OFFSET $2
         )`,
        [device.ownerId, limit],
      );
      return rows[0];
    });
  }

  async listOwned(ownerId: string): Promise<PushDeviceRecord[]> {
    return rowsOf<PushDeviceRecord>(
      await this.db.query(
        `SELECT ${COLUMNS} FROM "notify"."push_devices" WHERE "owner_id" = $1 ORDER BY "created_at", "id"`,
        [ownerId],
      ),
    );
  }

  async countOwned(ownerId: string): Promise<number> {
    const rows = rowsOf<{ count: number }>(
      await this.db.query(`SELECT count(*)::int AS "count" FROM "notify"."push_devices" WHERE "owner_id" = $1`, [
        ownerId,
      ]),
    );
    return rows[0]?.count ?? 0;
  }

  async remove(ownerId: string, id: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "notify"."push_devices" WHERE "id" = $1 AND "owner_id" = $2 RETURNING "id"`, [
        id,
        ownerId,
      ]),
    );
    return rows.length > 0;
  }

  /** A subscription the push service says is gone (404 or 410): it will never deliver again. */
  async removeExpired(id: string): Promise<void> {
    await this.db.query(`DELETE FROM "notify"."push_devices" WHERE "id" = $1`, [id]);
  }

  async deleteOwnedBy(ownerId: string): Promise<number> {
    return rowsOf<{ id: string }>(
      await this.db.query(`DELETE FROM "notify"."push_devices" WHERE "owner_id" = $1 RETURNING "id"`, [ownerId]),
    ).length;
  }
}
