import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import { UPLOAD_DATA_SOURCE } from '../files/files.repository';

/** An account's own quota: a number of MB, or none (null); `undefined` when it has none of its own. */
export type OwnQuota = number | null | undefined;

/**
 * What an account stores (its verified files, and the archives of its imports still waiting or running) and the
 * quota an admin gave it (`upload.storage_quotas`).
 */
@Injectable()
export class StorageQuotaRepository {
  constructor(@InjectDataSource(UPLOAD_DATA_SOURCE) private readonly db: DataSource) {}

  /** Bytes each owner uses; `exceptImportJob`: that import's own archive does not count (its images do). */
  async usedBytes(ownerIds: string[], exceptImportJob?: string): Promise<Map<string, number>> {
    const rows = rowsOf<{ owner_id: string; bytes: string }>(
      await this.db.query(
        `SELECT owner_id, sum(bytes)::bigint AS bytes FROM (
           SELECT owner_id, size::bigint AS bytes FROM upload.files
           WHERE owner_id = ANY($1::text[]) AND verified_at IS NOT NULL
           UNION ALL
           SELECT owner_id, archive_bytes FROM upload.import_jobs
           WHERE owner_id = ANY($1::text[]) AND status IN ('queued', 'running') AND id IS DISTINCT FROM $2::uuid
         ) used GROUP BY owner_id`,
        [ownerIds, exceptImportJob ?? null],
      ),
    );
    return new Map(rows.map((row) => [row.owner_id, Number(row.bytes)]));
  }

  async ownQuotas(ownerIds: string[]): Promise<Map<string, number | null>> {
    const rows = rowsOf<{ user_id: string; quota_mb: number | null }>(
      await this.db.query('SELECT user_id, quota_mb FROM upload.storage_quotas WHERE user_id = ANY($1::text[])', [
        ownerIds,
      ]),
    );
    return new Map(rows.map((row) => [row.user_id, row.quota_mb]));
  }

  async setOwnQuota(ownerId: string, quotaMb: number | null): Promise<void> {
    await this.db.query(
      `INSERT INTO upload.storage_quotas (user_id, quota_mb, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET quota_mb = EXCLUDED.quota_mb, updated_at = now()`,
      [ownerId, quotaMb],
    );
  }

  /** A deleted account's quota goes with it. */
  async deleteOwnQuota(ownerId: string): Promise<void> {
    await this.db.query('DELETE FROM upload.storage_quotas WHERE user_id = $1', [ownerId]);
  }
}
