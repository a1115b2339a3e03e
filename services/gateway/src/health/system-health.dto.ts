import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  SERVICE_NAMES,
  type DependencyHealth,
  type HealthStatus,
  type ServiceHealthEntry,
  type ServiceName,
  type SystemHealth,
} from '@memories/contracts';

const HEALTH_STATUSES: HealthStatus[] = ['up', 'down'];

class DependencyHealthDto implements DependencyHealth {
  @ApiProperty({ enum: HEALTH_STATUSES, example: 'up' }) status!: HealthStatus;
  @ApiPropertyOptional({ description: 'Why it is down' }) message?: string;
}

class ServiceErrorDto {
  @ApiProperty({ example: 'BUS_TIMEOUT' }) code!: string;
  @ApiProperty({ example: 'No answer within 5000 ms' }) message!: string;
}

class ServiceHealthEntryDto implements ServiceHealthEntry {
  @ApiProperty({ enum: SERVICE_NAMES, example: 'memory' }) name!: ServiceName;
  @ApiProperty({ enum: HEALTH_STATUSES, example: 'up' }) status!: HealthStatus;
  @ApiPropertyOptional({ type: DependencyHealthDto, description: 'The service’s own database check, when it answered' })
  database?: DependencyHealthDto;
  @ApiPropertyOptional({ type: ServiceErrorDto, description: 'Why the gateway could not reach the service' })
  error?: ServiceErrorDto;
  @ApiProperty({ type: 'integer', example: 3 }) latencyMs!: number;
}

class PostgresHealthDto {
  @ApiProperty({ enum: [...HEALTH_STATUSES, 'unknown'], example: 'up' }) status!: HealthStatus | 'unknown';
  @ApiPropertyOptional() message?: string;
}

/** `data` of GET /api/health (and `error.detail` of its 503). */
export class SystemHealthDto implements SystemHealth {
  @ApiProperty({ enum: HEALTH_STATUSES, example: 'up' }) status!: HealthStatus;
  @ApiProperty({ type: [ServiceHealthEntryDto] }) services!: ServiceHealthEntryDto[];
  @ApiProperty({ type: PostgresHealthDto }) postgres!: PostgresHealthDto;
}
