import { runMain, runServiceMigrations } from '@memories/nest-common';
import { memoryServiceDescriptor } from './memory.service-descriptor';

runMain(() => runServiceMigrations(memoryServiceDescriptor));
