import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type ServiceHealth } from '@memories/contracts';
import { BusHandler, HealthCheckEnvelopeDto, ServiceHealthService } from '@memories/nest-common';

@BusHandler()
export class NotifyHealthHandler {
  constructor(private readonly health: ServiceHealthService) {}

  @MessagePattern(SUBJECTS.notify.healthCheck)
  check(@Payload() _envelope: HealthCheckEnvelopeDto): Promise<ServiceHealth> {
    return this.health.check();
  }
}
