import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import type { FileRecord } from './file.record';

export const UPLOAD_DATA_SOURCE = 'upload';

interface FileRow {
  key: string;
  owner_id: string;
  content_type: string;
  size: number | null;
  created_at: Date;
  verified_at: Date | null;
  referenced_at: Date | null;
}

const toRecord = (row: FileRow): FileRecord => ({
  key: row.key,
  ownerId: row.owner_id,
  contentType: row.content_type,
  size: row.size,
  createdAt: row.created_at,
  verifiedAt: row.verified_at,
  referencedAt: row.referenced_at,
});

@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource(UPLOAD_DATA_SOURCE) private readonly db: DataSource) {}

  async createPending(key: string, ownerId: string, contentType: string): Promise<void> {
    // ON CONFLICT: an imported image's key is derived from its bytes, and a job resumed after a restart stores it
    // again.
    await this.db.query(
      `INSERT INTO "upload"."files" ("key", "owner_id", "content_type") VALUES ($1, $2, $3) ON CONFLICT ("key") DO NOTHING`,
      [key, ownerId, contentType],
    );
  }

  async find(key: string): Promise<FileRecord | null> {
    const rows = rowsOf<FileRow>(await this.db.query(`SELECT * FROM "upload"."files" WHERE "key" = $1`, [key]));
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Marks the file verified only if nobody did before: a grant allows exactly one successful upload. */
  async markVerified(key: string, size: number): Promise<boolean> {
    const rows = rowsOf<{ key: string }>(
      await this.db.query(
        `UPDATE "upload"."files" SET "verified_at" = now(), "size" = $2 WHERE "key" = $1 AND "verified_at" IS NULL RETURNING "key"`,
        [key, size],
      ),
    );
    return rows.length === 1;
  }

  /** How many verified files object storage holds, and their bytes (for the metrics). */
  async storageTotals(): Promise<{ files: number; bytes: number }> {
    const [row] = rowsOf<{ files: string; bytes: string }>(
      await this.db.query(
        `SELECT count(*) AS "files", coalesce(sum("size"), 0) AS "bytes" FROM "upload"."files" WHERE "verified_at" IS NOT NULL`,
      ),
    );
    return { files: Number(row.files), bytes: Number(row.bytes) };
  }

  /** The owner's rows among `keys` (anything else is ignored: nobody cleans up another user's files). */
  async findOwned(ownerId: string, keys: string[]): Promise<FileRecord[]> {
    const rows = rowsOf<FileRow>(
      await this.db.query(`SELECT * FROM "upload"."files" WHERE "owner_id" = $1 AND "key" = ANY($2::text[])`, [
        ownerId,
        keys,
      ]),
    );
    return rows.map(toRecord);
  }

  /** Every file of one owner, used or not (deleting an account). */
  async findAllOwned(ownerId: string): Promise<FileRecord[]> {
    return rowsOf<FileRow>(await this.db.query(`SELECT * FROM "upload"."files" WHERE "owner_id" = $1`, [ownerId])).map(
      toRecord,
    );
  }

  async markReferenced(keys: string[], manager: EntityManager = this.db.manager): Promise<void> {
    if (keys.length === 0) return;
    await manager.query(`UPDATE "upload"."files" SET "referenced_at" = now() WHERE "key" = ANY($1::text[])`, [keys]);
  }

  async deleteRows(keys: string[], manager: EntityManager = this.db.manager): Promise<void> {
    if (keys.length === 0) return;
    await manager.query(`DELETE FROM "upload"."files" WHERE "key" = ANY($1::text[])`, [keys]);
  }

  /**
   * Runs `handle` on up to `limit` files never seen referenced and created before `before`, inside one transaction
   * that holds their rows: other replicas running the same sweep skip them (SKIP LOCKED) instead of waiting or
   * working twice. If `handle` throws, nothing is changed and the files come back in a later run.
   */
  async withStaleBatch<T>(
    before: Date,
    limit: number,
    handle: (batch: FileRecord[], manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction(async (manager) => {
      const rows = rowsOf<FileRow>(
        await manager.query(
          `SELECT * FROM "upload"."files" WHERE "referenced_at" IS NULL AND "created_at" < $1
           ORDER BY "created_at" LIMIT $2 FOR UPDATE SKIP LOCKED`,
          [before, limit],
        ),
      );
      return handle(rows.map(toRecord), manager);
    });
  }
}
