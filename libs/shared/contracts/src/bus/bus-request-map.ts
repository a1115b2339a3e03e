import type { HealthCheckRequest, ServiceHealth } from '../health/health.types';
import type { MemoryBusRequestMap } from '../memories/memory-bus-request-map';
import type { SUBJECTS } from './subjects';

/**
 * The payload and result type of every request/reply subject, so that a send is typed end to end.
 * Add an entry with every new subject.
 */
export interface BusRequestMap extends MemoryBusRequestMap {
  [SUBJECTS.auth.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
  [SUBJECTS.memory.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
  [SUBJECTS.upload.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
}

export type BusRequestSubject = keyof BusRequestMap;
