import './telemetry';
import { bootstrapService, runMain } from '@memories/nest-common';
import { authServiceDescriptor } from './auth.service-descriptor';

runMain(() => bootstrapService(authServiceDescriptor));
