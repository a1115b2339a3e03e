import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ERROR_CODES, type ApiSuccess, type SystemHealth, type MessageContext } from '@memories/contracts';
import { DomainError, Public } from '@memories/nest-common';
import { Caller } from '../http/caller.decorator';
import { ok } from '../http/api-response.util';
import { ApiRoute } from '../openapi/api-route.decorator';
import { SystemHealthDto } from './system-health.dto';
import { SystemHealthService, describeProblems } from './system-health.service';

@Public()
@ApiTags('health')
@Controller('health')
export class SystemHealthController {
  constructor(private readonly systemHealth: SystemHealthService) {}

  @Get()
  @ApiRoute({
    summary: 'Health of every service (over the bus) and of PostgreSQL',
    description: 'When something is down: 503 SERVICE_UNHEALTHY, with the same report in error.detail.',
    data: SystemHealthDto,
    errors: [ERROR_CODES.SERVICE_UNHEALTHY],
  })
  async check(@Caller() caller: MessageContext): Promise<ApiSuccess<SystemHealth>> {
    const health = await this.systemHealth.check(caller);
    if (health.status === 'down')
      throw new DomainError(ERROR_CODES.SERVICE_UNHEALTHY, describeProblems(health), health);
    return ok(health);
  }
}
