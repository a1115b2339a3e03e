import { type DynamicModule, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ServiceName } from '@memories/contracts';
import type { DatabaseServerConfig } from '../config/server.config';
import { createDataSourceOptions, type ServiceDatabaseOptions } from '../database/data-source.factory';
import { sharedPoolDriver, sharedPoolOptions } from '../database/shared-pool';
import { DatabaseHealthRepository } from '../health/database-health.repository';
import { HealthModule } from '../health/health.module';
import { SERVICE_NAME } from '../health/health.tokens';
import { DATABASE_PING_TIMEOUT, ServiceHealthService } from '../health/service-health.service';
import { measureDatabasePool } from '../metrics/database-pool.metrics';
import { flushTelemetry } from '../telemetry/tracing-switch';

/** The last spans of a stopping service still leave (nothing to do when tracing is off). */
@Injectable()
class TelemetryFlush implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return flushTelemetry();
  }
}

const DATABASE_POOL_METRICS = Symbol('DATABASE_POOL_METRICS');

export interface ServiceCoreOptions<TConfig extends DatabaseServerConfig> {
  name: ServiceName;
  config: TConfig;
  database: Pick<ServiceDatabaseOptions, 'schema' | 'migrations' | 'entities'>;
}

/**
 * What every service has: its validated config (injectable by its class), its PostgreSQL schema (its pool in the
 * metrics), the HTTP probes and the bus health answer.
 */
@Module({})
export class ServiceCoreModule {
  static forRoot<TConfig extends DatabaseServerConfig>(options: ServiceCoreOptions<TConfig>): DynamicModule {
    // Half the bus timeout, so that a slow database is reported as down before the caller gives up.
    const pingTimeoutMs = Math.max(25, Math.floor(options.config.BUS_TIMEOUT_MS / 2));
    const dataSourceName = options.database.schema;
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({
          ...createDataSourceOptions({
            url: options.config.DATABASE_URL,
            poolSize: options.config.DATABASE_POOL_SIZE,
            ...options.database,
          }),
          // In a process whose services share one pool (npm start), node-postgres comes in as a driver that leases it.
          ...(sharedPoolOptions() ? { driver: sharedPoolDriver() } : {}),
          // Named after the schema: @nestjs/typeorm keeps one process-wide registry of data source names, and the
          // standalone runs every service in one process.
          name: dataSourceName,
          // Keep trying while PostgreSQL starts up, then give up so the orchestrator restarts the process.
          retryAttempts: 20,
          retryDelay: 1500,
        }),
        HealthModule.forRoot({ dataSourceName, pingTimeoutMs }),
      ],
      providers: [
        { provide: options.config.constructor, useValue: options.config },
        { provide: SERVICE_NAME, useValue: options.name },
        { provide: DATABASE_PING_TIMEOUT, useValue: pingTimeoutMs },
        {
          provide: DatabaseHealthRepository,
          inject: [getDataSourceToken(dataSourceName)],
          useFactory: (dataSource: DataSource) => new DatabaseHealthRepository(dataSource),
        },
        {
          provide: DATABASE_POOL_METRICS,
          inject: [getDataSourceToken(dataSourceName)],
          useFactory: (dataSource: DataSource) => measureDatabasePool(options.name, dataSource),
        },
        TelemetryFlush,
        ServiceHealthService,
      ],
      exports: [options.config.constructor, ServiceHealthService],
    };
  }
}
