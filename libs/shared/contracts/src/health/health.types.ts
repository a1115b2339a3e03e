import type { ServiceName } from '../bus/subjects';

export type HealthStatus = 'up' | 'down';

/** The state of one dependency (e.g. a service's PostgreSQL connection). */
export interface DependencyHealth {
  status: HealthStatus;
  /** Why it is down; absent when up. */
  message?: string;
}

/** Payload of `<service>.health.check`: nothing is needed to ask. */
export type HealthCheckRequest = Record<string, never>;

/** What a service answers on `<service>.health.check`. */
export interface ServiceHealth {
  service: ServiceName;
  status: HealthStatus;
  database: DependencyHealth;
  /** ISO date-time at which the service checked itself. */
  checkedAt: string;
}

/** One service as the gateway saw it: its own answer, or why it could not be asked. */
export interface ServiceHealthEntry {
  name: ServiceName;
  status: HealthStatus;
  /** The service's database check, when the service answered. */
  database?: DependencyHealth;
  /** Why the gateway could not reach the service (no responders, timeout). */
  error?: { code: string; message: string };
  latencyMs: number;
}

/** The answer of `GET /api/health`: every service over the bus, and PostgreSQL as the services see it. */
export interface SystemHealth {
  status: HealthStatus;
  services: ServiceHealthEntry[];
  postgres: { status: HealthStatus | 'unknown'; message?: string };
}
