import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  MAX_IMPORT_REPORT_ISSUES,
  MAX_IMPORT_SHARE_RECIPIENTS,
  TRANSFER_MESSAGES,
  type ImportFormat,
  type ImportIssue,
  type ImportJobReport,
  type ImportJobStatus,
} from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { UPLOAD_DATA_SOURCE } from '../../files/files.repository';

/** An import job as its runner needs it. */
export interface ImportJobRecord {
  id: string;
  ownerId: string;
  format: ImportFormat;
  fileName: string;
  archiveKey: string;
  root: string;
  status: ImportJobStatus;
  total: number;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  errors: ImportIssue[];
  inFlight: string[];
  createdAt: Date;
  finishedAt: Date | null;
  archiveBytes: number;
  /** Each address of the archive's shares looked up so far: the account found, or null (none with it confirmed). */
  shareLookups: Record<string, string | null>;
  /** The archive shares with more people than an import looks up. */
  shareRecipientsCapped: boolean;
  /** Memories shared again, by address. */
  restoredShares: Record<string, number>;
}

interface ImportJobRow {
  id: string;
  owner_id: string;
  format: ImportFormat;
  file_name: string;
  archive_key: string;
  root: string;
  status: ImportJobStatus;
  total: number;
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  errors: ImportIssue[];
  in_flight: string[];
  created_at: Date;
  finished_at: Date | null;
  archive_bytes: string;
  share_lookups: Record<string, string | null>;
  share_recipients_capped: boolean;
  restored_shares: Record<string, number>;
}

const toRecord = (row: ImportJobRow): ImportJobRecord => ({
  id: row.id,
  ownerId: row.owner_id,
  format: row.format,
  fileName: row.file_name,
  archiveKey: row.archive_key,
  root: row.root,
  status: row.status,
  total: row.total,
  processed: row.processed,
  imported: row.imported,
  skipped: row.skipped,
  failed: row.failed,
  errors: row.errors,
  inFlight: row.in_flight,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
  archiveBytes: Number(row.archive_bytes),
  shareLookups: row.share_lookups,
  shareRecipientsCapped: row.share_recipients_capped,
  restoredShares: row.restored_shares,
});

/**
 * The report: counts, issues (with, after the entries', one line per address whose shares were not restored), and
 * the people memories were shared with again.
 */
export function toReport(job: ImportJobRecord): ImportJobReport {
  // In address order: PostgreSQL keeps a jsonb object's keys in its own order, not in the order they were added.
  const byAddress = <T>(entries: Array<[string, T]>) => entries.sort(([a], [b]) => a.localeCompare(b));
  const notFound = byAddress(Object.entries(job.shareLookups))
    .filter(([, userId]) => userId === null)
    .map(([email]) => ({ entry: email, message: TRANSFER_MESSAGES.shareRecipientNotFound }));
  const capped = job.shareRecipientsCapped
    ? [{ entry: job.fileName, message: TRANSFER_MESSAGES.shareRecipientsCapped(MAX_IMPORT_SHARE_RECIPIENTS) }]
    : [];
  return {
    jobId: job.id,
    status: job.status,
    format: job.format,
    fileName: job.fileName,
    total: job.total,
    imported: job.imported,
    skipped: job.skipped,
    failed: job.failed,
    errors: [...job.errors, ...notFound, ...capped],
    restoredShares: byAddress(Object.entries(job.restoredShares)).map(([email, memories]) => ({ email, memories })),
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** The outcome of one page, applied to the job's counters and checkpoint at once. */
export interface PageOutcome {
  processed: number;
  imported: number;
  skipped: number;
  failed: number;
  issues: ImportIssue[];
  /** Memories of the page shared again, by address. */
  restoredShares: Record<string, number>;
}

/** `upload.import_jobs`: every import, its report so far, and its checkpoint. */
@Injectable()
export class ImportJobsRepository {
  constructor(@InjectDataSource(UPLOAD_DATA_SOURCE) private readonly db: DataSource) {}

  /** Records the addresses looked up so far (kept across chunks: an address is looked up once per import). */
  async recordShareLookups(id: string, lookups: Record<string, string | null>, capped: boolean): Promise<void> {
    await this.db.query(
      `UPDATE "upload"."import_jobs" SET "share_lookups" = $2::jsonb, "share_recipients_capped" = $3, "updated_at" = now()
       WHERE "id" = $1`,
      [id, JSON.stringify(lookups), capped],
    );
  }

  /** The owner's import that is queued or running, if there is one. */
  async unfinishedOf(ownerId: string, db: Pick<DataSource, 'query'> = this.db): Promise<string | null> {
    const [job] = rowsOf<{ id: string }>(
      await db.query(
        `SELECT "id" FROM "upload"."import_jobs" WHERE "owner_id" = $1 AND "status" IN ('queued', 'running') LIMIT 1`,
        [ownerId],
      ),
    );
    return job?.id ?? null;
  }

  /** Records a queued job unless the owner has one unfinished: answers that one then, and creates nothing. */
  async createAlone(
    job: Pick<ImportJobRecord, 'id' | 'ownerId' | 'format' | 'fileName' | 'archiveKey' | 'root' | 'archiveBytes'>,
  ): Promise<{ unfinished: string } | null> {
    return this.db.transaction(async (manager) => {
      // One owner's jobs are created one at a time, whichever replica received them.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`import:${job.ownerId}`]);
      const unfinished = await this.unfinishedOf(job.ownerId, manager);
      if (unfinished) return { unfinished };
      await manager.query(
        `INSERT INTO "upload"."import_jobs" ("id", "owner_id", "format", "file_name", "archive_key", "root", "status", "archive_bytes")
         VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)`,
        [job.id, job.ownerId, job.format, job.fileName, job.archiveKey, job.root, job.archiveBytes],
      );
      return null;
    });
  }

  async find(id: string): Promise<ImportJobRecord | null> {
    const rows = rowsOf<ImportJobRow>(
      await this.db.query(`SELECT * FROM "upload"."import_jobs" WHERE "id" = $1`, [id]),
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** The owner's job; another owner's is as missing as an unknown one. */
  async findOwned(id: string, ownerId: string): Promise<ImportJobRecord | null> {
    const job = await this.find(id);
    return job?.ownerId === ownerId ? job : null;
  }

  async start(id: string, total: number): Promise<void> {
    await this.db.query(
      `UPDATE "upload"."import_jobs" SET "status" = 'running', "total" = $2, "updated_at" = now() WHERE "id" = $1`,
      [id, total],
    );
  }

  /**
   * Records the source keys of the page about to be written, if the job is still at `processed` (another run of the
   * same job, after a stalled one expired, may have moved on: then this run stops).
   */
  async markInFlight(id: string, processed: number, sourceKeys: string[]): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(
        `UPDATE "upload"."import_jobs" SET "in_flight" = $3::jsonb, "updated_at" = now()
         WHERE "id" = $1 AND "processed" = $2 AND "status" = 'running' RETURNING "id"`,
        [id, processed, JSON.stringify(sourceKeys)],
      ),
    );
    return rows.length === 1;
  }

  /**
   * Adds a page's outcome (its restored shares too) and moves the checkpoint past it, only from `processed` (see
   * markInFlight): a page written again after a restart is counted once.
   */
  async recordPage(id: string, processed: number, outcome: PageOutcome): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(
        `UPDATE "upload"."import_jobs" SET
           "processed" = "processed" + $3, "imported" = "imported" + $4, "skipped" = "skipped" + $5, "failed" = "failed" + $6,
           "errors" = (SELECT COALESCE(jsonb_agg(issue), '[]'::jsonb) FROM (
             SELECT issue FROM jsonb_array_elements("errors" || $7::jsonb) WITH ORDINALITY AS e(issue, n) ORDER BY n LIMIT ${MAX_IMPORT_REPORT_ISSUES}) kept),
           "restored_shares" = (SELECT COALESCE(jsonb_object_agg(email, total), '{}'::jsonb) FROM (
             SELECT email, sum(count::int) AS total FROM (
               SELECT * FROM jsonb_each_text("restored_shares") UNION ALL SELECT * FROM jsonb_each_text($8::jsonb)
             ) counts(email, count) GROUP BY email) summed),
           "in_flight" = '[]'::jsonb, "updated_at" = now()
         WHERE "id" = $1 AND "processed" = $2 AND "status" = 'running' RETURNING "id"`,
        [
          id,
          processed,
          outcome.processed,
          outcome.imported,
          outcome.skipped,
          outcome.failed,
          JSON.stringify(outcome.issues),
          JSON.stringify(outcome.restoredShares),
        ],
      ),
    );
    return rows.length === 1;
  }

  async finish(id: string, status: 'done' | 'failed', issue?: ImportIssue): Promise<void> {
    await this.db.query(
      `UPDATE "upload"."import_jobs" SET "status" = $2, "finished_at" = now(), "updated_at" = now(), "in_flight" = '[]'::jsonb,
         "errors" = CASE WHEN $3::jsonb IS NULL THEN "errors" ELSE "errors" || $3::jsonb END
       WHERE "id" = $1 AND "status" IN ('queued', 'running')`,
      [id, status, issue ? JSON.stringify([issue]) : null],
    );
  }

  /** Deletes every import of an owner (a deleted account); answers the storage keys of their archives. */
  async deleteOwned(ownerId: string): Promise<string[]> {
    const rows = rowsOf<{ archive_key: string }>(
      await this.db.query(`DELETE FROM "upload"."import_jobs" WHERE "owner_id" = $1 RETURNING "archive_key"`, [
        ownerId,
      ]),
    );
    return rows.map((row) => row.archive_key);
  }
}
