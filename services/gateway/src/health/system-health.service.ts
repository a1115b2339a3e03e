import { Injectable } from '@nestjs/common';
import {
  HEALTH_CHECK_SUBJECTS,
  SERVICE_NAMES,
  type MessageContext,
  type ServiceHealthEntry,
  type ServiceName,
  type SystemHealth,
} from '@memories/contracts';
import { BusClient, DomainError } from '@memories/nest-common';

/** Asks every service for its health over the bus, all at once, each bounded by the bus timeout. */
@Injectable()
export class SystemHealthService {
  constructor(private readonly bus: BusClient) {}

  async check(context: MessageContext): Promise<SystemHealth> {
    const services = await Promise.all(SERVICE_NAMES.map((name) => this.checkService(name, context)));
    const postgres = summarisePostgres(services);
    const status = services.every((s) => s.status === 'up') && postgres.status === 'up' ? 'up' : 'down';
    return { status, services, postgres };
  }

  private async checkService(name: ServiceName, context: MessageContext): Promise<ServiceHealthEntry> {
    const started = Date.now();
    try {
      const health = await this.bus.request(HEALTH_CHECK_SUBJECTS[name], {}, context);
      return { name, status: health.status, database: health.database, latencyMs: Date.now() - started };
    } catch (error) {
      const { code, message } =
        error instanceof DomainError ? error : { code: 'INTERNAL', message: 'The health check failed unexpectedly' };
      return { name, status: 'down', error: { code, message }, latencyMs: Date.now() - started };
    }
  }
}

/** PostgreSQL as the services that answered see it: each checks its own connection. */
function summarisePostgres(services: ServiceHealthEntry[]): SystemHealth['postgres'] {
  const reports = services.filter((s) => s.database !== undefined);
  if (reports.length === 0)
    return { status: 'unknown', message: 'No service answered, so PostgreSQL could not be checked' };
  const down = reports.find((s) => s.database?.status === 'down');
  return down ? { status: 'down', message: `${down.name}: ${down.database?.message ?? 'down'}` } : { status: 'up' };
}

/** One sentence naming what is down, for the failure envelope's message. */
export function describeProblems(health: SystemHealth): string {
  const problems = health.services
    .filter((s) => s.status === 'down')
    .map((s) => `${s.name} is down (${s.error?.message ?? s.database?.message ?? 'unknown reason'})`);
  if (health.postgres.status === 'down' && problems.length === 0)
    problems.push(`PostgreSQL is down (${health.postgres.message})`);
  return `Some parts of Memories are unavailable: ${problems.join('; ')}`;
}
