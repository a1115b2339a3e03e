import { type DynamicModule, Module } from '@nestjs/common';
import { TerminusModule, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { READINESS_CHECKS } from './health.tokens';

export interface HealthModuleOptions {
  /** Whether readiness pings the service's PostgreSQL (needs TypeOrmModule in the app). */
  database: boolean;
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
          inject: [TypeOrmHealthIndicator],
          useFactory: (db: TypeOrmHealthIndicator) =>
            options.database ? [() => db.pingCheck('database', { timeout: options.pingTimeoutMs ?? 2000 })] : [],
        },
      ],
    };
  }
}
