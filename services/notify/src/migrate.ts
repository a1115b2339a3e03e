import { runMain, runServiceMigrations } from '@memories/nest-common';
import { notifyServiceDescriptor } from './notify.service-descriptor';

runMain(() => runServiceMigrations(notifyServiceDescriptor));
