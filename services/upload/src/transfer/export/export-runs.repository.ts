import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ExportProgress, ExportRunStatus } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { UPLOAD_DATA_SOURCE } from '../../files/files.repository';

interface ExportRunRow {
  id: string;
  status: ExportRunStatus;
  memories_total: number;
  memories_written: number;
  bytes_written: string;
}

const toProgress = (row: ExportRunRow): ExportProgress => ({
  exportId: row.id,
  status: row.status,
  memoriesTotal: row.memories_total,
  memoriesWritten: row.memories_written,
  bytesWritten: Number(row.bytes_written),
});

/**
 * A running export that has not moved for this long counts as gone (its process stopped; nothing else ends it). An
 * export moves at least every few seconds while its reader takes the bytes.
 */
export const EXPORT_RUN_GONE_AFTER_MINUTES = 10;

/** `upload.export_runs`: each export, its one-time ticket (hashed) and its progress. */
@Injectable()
export class ExportRunsRepository {
  constructor(@InjectDataSource(UPLOAD_DATA_SOURCE) private readonly db: DataSource) {}

  /**
   * Records a new run (a ticket to redeem, or a run already started) unless the owner has one in progress: an unused
   * ticket still valid, or a run that moved lately. Answers the run in progress then, and creates nothing.
   */
  async createAlone(
    id: string,
    ownerId: string,
    ticket?: { hash: string; expiresAt: Date },
  ): Promise<{ inProgress: string } | null> {
    return this.db.transaction(async (manager) => {
      // One owner's runs are created one at a time, whichever replica creates them.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`export:${ownerId}`]);
      const [running] = rowsOf<{ id: string }>(
        await manager.query(
          `SELECT "id" FROM "upload"."export_runs"
           WHERE "owner_id" = $1 AND (("status" = 'ready' AND "ticket_expires_at" > now())
             OR ("status" = 'running' AND "updated_at" > now() - make_interval(mins => $2)))
           LIMIT 1`,
          [ownerId, EXPORT_RUN_GONE_AFTER_MINUTES],
        ),
      );
      if (running) return { inProgress: running.id };
      await manager.query(
        `INSERT INTO "upload"."export_runs" ("id", "owner_id", "ticket_hash", "ticket_expires_at", "status") VALUES ($1, $2, $3, $4, $5)`,
        [id, ownerId, ticket?.hash ?? null, ticket?.expiresAt ?? null, ticket ? 'ready' : 'running'],
      );
      return null;
    });
  }

  /** Uses a ticket up: the run it opens, once, before it expires; null for anything else. */
  async redeem(ticketHash: string, now: Date): Promise<{ id: string; ownerId: string } | null> {
    const rows = rowsOf<{ id: string; owner_id: string }>(
      await this.db.query(
        `UPDATE "upload"."export_runs" SET "status" = 'running', "ticket_hash" = NULL, "updated_at" = now()
         WHERE "ticket_hash" = $1 AND "status" = 'ready' AND "ticket_expires_at" > $2 RETURNING "id", "owner_id"`,
        [ticketHash, now],
      ),
    );
    return rows[0] ? { id: rows[0].id, ownerId: rows[0].owner_id } : null;
  }

  async progress(id: string, memoriesTotal: number, memoriesWritten: number, bytesWritten: number): Promise<void> {
    await this.db.query(
      `UPDATE "upload"."export_runs" SET "memories_total" = $2, "memories_written" = $3, "bytes_written" = $4, "updated_at" = now()
       WHERE "id" = $1`,
      [id, memoriesTotal, memoriesWritten, bytesWritten],
    );
  }

  async finish(id: string, status: 'done' | 'failed', memoriesWritten: number, bytesWritten: number): Promise<void> {
    await this.db.query(
      `UPDATE "upload"."export_runs" SET "status" = $2, "memories_written" = $3, "bytes_written" = $4, "finished_at" = now(),
         "updated_at" = now() WHERE "id" = $1`,
      [id, status, memoriesWritten, bytesWritten],
    );
  }

  /** The owner's run; another owner's is as missing as an unknown one. */
  async findOwned(id: string, ownerId: string): Promise<ExportProgress | null> {
    const rows = rowsOf<ExportRunRow>(
      await this.db.query(
        `SELECT "id", "status", "memories_total", "memories_written", "bytes_written" FROM "upload"."export_runs"
         WHERE "id" = $1 AND "owner_id" = $2`,
        [id, ownerId],
      ),
    );
    return rows[0] ? toProgress(rows[0]) : null;
  }

  /** Deletes every export of an owner (a deleted account). */
  async deleteOwned(ownerId: string): Promise<void> {
    await this.db.query(`DELETE FROM "upload"."export_runs" WHERE "owner_id" = $1`, [ownerId]);
  }
}
