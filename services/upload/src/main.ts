import './telemetry';
import { bootstrapService, runMain } from '@memories/nest-common';
import { uploadServiceDescriptor } from './upload.service-descriptor';

runMain(() => bootstrapService(uploadServiceDescriptor));
