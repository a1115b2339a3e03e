import { migrateService, runMain } from '@memories/nest-common';
import { authServiceDescriptor } from './auth.service-descriptor';

runMain(() => migrateService(authServiceDescriptor));
