import { type DynamicModule, Module } from '@nestjs/common';
import {
  BusModule,
  PersonalAccessTokenVerifier,
  ServiceCoreModule,
  accountStatusProviders,
  busOptionsFrom,
  createAccountDeletionHandler,
} from '@memories/nest-common';
import { BearerCaller } from './access/bearer-caller';
import { FileAccessService } from './access/file-access.service';
import { MediaTokenVerifier } from './access/media-token.verifier';
import { MemoryReferencesClient } from './access/memory-references.client';
import { ProfileImagesClient } from './access/profile-images.client';
import { UploadAccountDeletionFollower } from './accounts/upload-account-deletion.follower';
import { FileCleanupHandler } from './cleanup/file-cleanup.handler';
import { FileCleanupService } from './cleanup/file-cleanup.service';
import { FileSweepJob } from './cleanup/file-sweep.job';
import type { UploadConfig } from './config/upload.config';
import { UPLOAD_MIGRATIONS } from './database/upload.migrations';
import { FilesRepository } from './files/files.repository';
import { StorageMetrics } from './metrics/storage.metrics';
import { LockedJournalsClient } from './files/locked-journals.client';
import { StoredFileVerifier } from './files/stored-file.verifier';
import { UploadFilesHandler } from './files/upload-files.handler';
import { UploadFilesService } from './files/upload-files.service';
import { UploadHttpRoutes } from './files/upload-http.routes';
import { UploadHealthHandler } from './health/upload-health.handler';
import { StorageQuotaHandler } from './quota/storage-quota.handler';
import { StorageQuotaRepository } from './quota/storage-quota.repository';
import { StorageQuotaService } from './quota/storage-quota.service';
import { createStorage } from './storage/create-storage';
import { STORAGE } from './storage/storage.port';
import { TRANSFER_PROVIDERS } from './transfer/transfer.providers';
import { TransferHttpRoutes } from './transfer/http/transfer-http.routes';

export const UPLOAD_SCHEMA = 'upload';

/** The upload service: the same module runs as its own process or inside the standalone. */
@Module({})
export class UploadServiceModule {
  static forRoot(config: UploadConfig): DynamicModule {
    return {
      module: UploadServiceModule,
      imports: [
        ServiceCoreModule.forRoot({
          name: 'upload',
          config,
          database: { schema: UPLOAD_SCHEMA, migrations: UPLOAD_MIGRATIONS },
        }),
        // Asks the memory service which memories use a file, the auth service which is a profile picture and whether
        // an account is disabled.
        BusModule.forRoot(busOptionsFrom(config, 'upload-client')),
      ],
      controllers: [
        UploadHealthHandler,
        UploadFilesHandler,
        FileCleanupHandler,
        StorageQuotaHandler,
        createAccountDeletionHandler(UploadAccountDeletionFollower),
      ],
      providers: [
        { provide: STORAGE, useFactory: () => createStorage(config) },
        FilesRepository,
        StoredFileVerifier,
        StorageMetrics,
        UploadFilesService,
        MediaTokenVerifier,
        PersonalAccessTokenVerifier,
        BearerCaller,
        MemoryReferencesClient,
        ProfileImagesClient,
        LockedJournalsClient,
        UploadAccountDeletionFollower,
        FileAccessService,
        FileCleanupService,
        FileSweepJob,
        UploadHttpRoutes,
        StorageQuotaRepository,
        StorageQuotaService,
        ...accountStatusProviders(config.ACCOUNT_STATUS_CACHE_SECONDS),
        ...TRANSFER_PROVIDERS,
      ],
      exports: [UploadFilesService, UploadHttpRoutes, FileCleanupService, TransferHttpRoutes],
    };
  }
}
