import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { MessageContext } from '@memories/contracts';
import { AccountDeletionFollower, BusClient, lineOf } from '@memories/nest-common';
import { FilesRepository, UPLOAD_DATA_SOURCE } from '../files/files.repository';
import { StorageQuotaRepository } from '../quota/storage-quota.repository';
import { STORAGE, type StoragePort } from '../storage/storage.port';
import { ExportRunsRepository } from '../transfer/export/export-runs.repository';
import { ImportJobsRepository } from '../transfer/import/import-jobs.repository';

/**
 * Deletes every file of a deleted account (images and profile pictures), and its exports and imports (with the
 * archives of imports not yet finished) and its storage quota, on the event and from the record of deletions.
 */
@Injectable()
export class UploadAccountDeletionFollower extends AccountDeletionFollower {
  constructor(
    bus: BusClient,
    @InjectDataSource(UPLOAD_DATA_SOURCE) db: DataSource,
    private readonly files: FilesRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly imports: ImportJobsRepository,
    private readonly exports: ExportRunsRepository,
    private readonly quotas: StorageQuotaRepository,
  ) {
    super(bus, db, 'upload');
  }

  /** Objects first, then rows: a failure part-way leaves rows, so the next purge finds those files again. */
  async purge(userId: string, context: MessageContext): Promise<void> {
    const keys = (await this.files.findAllOwned(userId)).map((record) => record.key);
    for (const key of keys) await this.storage.delete(key);
    await this.files.deleteRows(keys);
    // Rows first here: an import job that finds its row gone stops, and its archive goes with it.
    const archives = await this.imports.deleteOwned(userId);
    for (const key of archives) await this.storage.delete(key);
    await this.exports.deleteOwned(userId);
    await this.quotas.deleteOwnQuota(userId);
    if (keys.length > 0)
      this.logger.log(lineOf(context, `deleted ${keys.length} file(s) of deleted account ${userId}`));
  }
}
