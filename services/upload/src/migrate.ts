import { runMain, runServiceMigrations } from '@memories/nest-common';
import { uploadServiceDescriptor } from './upload.service-descriptor';

runMain(() => runServiceMigrations(uploadServiceDescriptor));
