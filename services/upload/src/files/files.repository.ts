import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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
    await this.db.query(`INSERT INTO "upload"."files" ("key", "owner_id", "content_type") VALUES ($1, $2, $3)`, [key, ownerId, contentType]);
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
}
