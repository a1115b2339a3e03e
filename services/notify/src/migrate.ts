import { migrateService, runMain } from '@memories/nest-common';
import { notifyServiceDescriptor } from './notify.service-descriptor';

runMain(() => migrateService(notifyServiceDescriptor));
