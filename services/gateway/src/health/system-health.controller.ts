import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ERROR_CODES, type ApiSuccess, type MessageContext, type SystemHealth } from '@memories/contracts';
import { DomainError, Public } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { RequestContext } from '../http/request-context.decorator';
import { SystemHealthService, describeProblems } from './system-health.service';

@Public()
@ApiTags('health')
@Controller('health')
export class SystemHealthController {
  constructor(private readonly systemHealth: SystemHealthService) {}

  @Get()
  @ApiOperation({ summary: 'Health of every service (over the bus) and of PostgreSQL' })
  @ApiOkResponse({ description: 'Every service and PostgreSQL are up' })
  @ApiServiceUnavailableResponse({ description: 'Something is down; error.detail lists every service and PostgreSQL' })
  async check(@RequestContext() context: MessageContext): Promise<ApiSuccess<SystemHealth>> {
    const health = await this.systemHealth.check(context);
    if (health.status === 'down') throw new DomainError(ERROR_CODES.SERVICE_UNHEALTHY, describeProblems(health), health);
    return ok(health);
  }
}
