import { migrateService, runMain } from '@memories/nest-common';
import { memoryServiceDescriptor } from './memory.service-descriptor';

runMain(() => migrateService(memoryServiceDescriptor));
