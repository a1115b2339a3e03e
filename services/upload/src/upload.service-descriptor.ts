import type { ServiceDescriptor } from '@memories/nest-common';
import { type UploadConfig, loadUploadConfig } from './config/upload.config';
import { UPLOAD_MIGRATIONS } from './database/upload.migrations';
import { UploadServiceModule, UPLOAD_SCHEMA } from './upload-service.module';

export const uploadServiceDescriptor: ServiceDescriptor<UploadConfig> = {
  name: 'upload',
  loadConfig: loadUploadConfig,
  createModule: (config) => UploadServiceModule.forRoot(config),
  database: { schema: UPLOAD_SCHEMA, migrations: UPLOAD_MIGRATIONS },
};
