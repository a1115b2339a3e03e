import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { HealthController } from './health.controller';
import { READINESS_CHECKS } from './health.tokens';

export interface HealthModuleOptions {
  /** Name of the TypeORM data source that readiness pings; none for a process without a database. */
  dataSourceName?: string;
  pingTimeoutMs?: number;
}

/** `/health/live` and `/health/ready` (Terminus). */
@Module({})
export class HealthModule {
  static forRoot(options: HealthModuleOptions): DynamicModule {
    return {
      module: HealthModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
      providers: [
        {
          provide: READINESS_CHECKS,
          inject: [
            TypeOrmHealthIndicator,
            ...(options.dataSourceName ? [getDataSourceToken(options.dataSourceName)] : []),
          ],
          useFactory: (db: TypeOrmHealthIndicator, connection?: DataSource) =>
            connection ? [() => db.pingCheck('database', { connection, timeout: options.pingTimeoutMs ?? 2000 })] : [],
        },
      ],
    };
  }
}
