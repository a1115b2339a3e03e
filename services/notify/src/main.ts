import './telemetry';
import { bootstrapService, runMain } from '@memories/nest-common';
import { notifyServiceDescriptor } from './notify.service-descriptor';

runMain(() => bootstrapService(notifyServiceDescriptor));
