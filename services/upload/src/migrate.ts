import { migrateService, runMain } from '@memories/nest-common';
import { uploadServiceDescriptor } from './upload.service-descriptor';

runMain(() => migrateService(uploadServiceDescriptor));
