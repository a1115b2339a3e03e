import { runMain, runServiceMigrations } from '@memories/nest-common';
import { authServiceDescriptor } from './auth.service-descriptor';

runMain(() => runServiceMigrations(authServiceDescriptor));
