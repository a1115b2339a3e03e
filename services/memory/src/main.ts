import './telemetry';
import { bootstrapService, runMain } from '@memories/nest-common';
import { memoryServiceDescriptor } from './memory.service-descriptor';

runMain(() => bootstrapService(memoryServiceDescriptor));
