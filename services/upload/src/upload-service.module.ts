import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@memories/nest-common';
import type { UploadConfig } from './config/upload.config';
import { UPLOAD_MIGRATIONS } from './database/upload.migrations';
import { FilesRepository } from './files/files.repository';
import { UploadFilesHandler } from './files/upload-files.handler';
import { UploadFilesService } from './files/upload-files.service';
import { UploadHttpRoutes } from './files/upload-http.routes';
import { UploadHealthHandler } from './health/upload-health.handler';
import { createStorage } from './storage/create-storage';
import { STORAGE } from './storage/storage.port';

export const UPLOAD_SCHEMA = 'upload';

/** The upload service: the same module runs as its own process or inside the standalone. */
@Module({})
export class UploadServiceModule {
  static forRoot(config: UploadConfig): DynamicModule {
    return {
      module: UploadServiceModule,
      imports: [ServiceCoreModule.forRoot({ name: 'upload', config, database: { schema: UPLOAD_SCHEMA, migrations: UPLOAD_MIGRATIONS } })],
      controllers: [UploadHealthHandler, UploadFilesHandler],
      providers: [{ provide: STORAGE, useValue: createStorage(config) }, FilesRepository, UploadFilesService, UploadHttpRoutes],
      exports: [UploadFilesService, UploadHttpRoutes],
    };
  }
}
