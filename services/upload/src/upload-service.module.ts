import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@memories/nest-common';
import type { UploadConfig } from './config/upload.config';
import { UPLOAD_MIGRATIONS } from './database/upload.migrations';
import { UploadHealthHandler } from './health/upload-health.handler';

export const UPLOAD_SCHEMA = 'upload';

/** The upload service: the same module runs as its own process or inside the standalone. */
@Module({})
export class UploadServiceModule {
  static forRoot(config: UploadConfig): DynamicModule {
    return {
      module: UploadServiceModule,
      imports: [ServiceCoreModule.forRoot({ name: 'upload', config, database: { schema: UPLOAD_SCHEMA, migrations: UPLOAD_MIGRATIONS } })],
      controllers: [UploadHealthHandler],
    };
  }
}
