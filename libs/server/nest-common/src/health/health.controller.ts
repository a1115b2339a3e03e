import { Controller, Get, Inject } from '@nestjs/common';
import {
  HealthCheck,
  type HealthCheckResult,
  HealthCheckService,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import { Public } from '../http/public.decorator';
import { READINESS_CHECKS } from './health.tokens';

/** Probes for orchestrators: live = the process answers; ready = its dependencies (e.g. PostgreSQL) answer too. */
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    @Inject(READINESS_CHECKS) private readonly readinessChecks: HealthIndicatorFunction[],
  ) {}

  @Get('live')
  @HealthCheck()
  live(): Promise<HealthCheckResult> {
    return this.health.check([]);
  }

  @Get('ready')
  @HealthCheck()
  ready(): Promise<HealthCheckResult> {
    return this.health.check(this.readinessChecks);
  }
}
