import { Inject, Injectable } from '@nestjs/common';
import type { ServiceHealth, ServiceName } from '@memories/contracts';
import { DatabaseHealthRepository } from './database-health.repository';
import { SERVICE_NAME } from './health.tokens';

export const DATABASE_PING_TIMEOUT = Symbol('DATABASE_PING_TIMEOUT');

/** What a service answers on `<service>.health.check`: up exactly when its PostgreSQL answers. */
@Injectable()
export class ServiceHealthService {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: ServiceName,
    @Inject(DATABASE_PING_TIMEOUT) private readonly pingTimeoutMs: number,
    private readonly database: DatabaseHealthRepository,
  ) {}

  async check(): Promise<ServiceHealth> {
    const database = await this.database.ping(this.pingTimeoutMs);
    return { service: this.service, status: database.status, database, checkedAt: new Date().toISOString() };
  }
}
