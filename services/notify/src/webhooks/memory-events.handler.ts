import { Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { MEMORY_EVENTS } from '@memories/contracts';
import { BusHandler, lineOf } from '@memories/nest-common';
import { MemoryEventDeliveries, type MemoryEventIntake } from './memory-event-deliveries';
import { MemoryChangedEnvelopeDto, MemoryDeletedEnvelopeDto } from './webhook-envelope.dto';

/**
 * The memory service's events, on every replica (never queued). A failure to record one is logged: the change it
 * reports is already saved, and only that webhook message is lost.
 */
@BusHandler()
export class MemoryEventsHandler {
  private readonly logger = new Logger(MemoryEventsHandler.name);

  constructor(private readonly deliveries: MemoryEventDeliveries) {}

  @EventPattern(MEMORY_EVENTS.created)
  created(@Payload() { payload, correlationId }: MemoryChangedEnvelopeDto): Promise<void> {
    return this.record({ type: 'memory.created', ...payload }, correlationId);
  }

  @EventPattern(MEMORY_EVENTS.updated)
  updated(@Payload() { payload, correlationId }: MemoryChangedEnvelopeDto): Promise<void> {
    return this.record({ type: 'memory.updated', ...payload }, correlationId);
  }

  @EventPattern(MEMORY_EVENTS.deleted)
  deleted(@Payload() { payload, correlationId }: MemoryDeletedEnvelopeDto): Promise<void> {
    const { eventId, ownerId, memory, deletedAt } = payload;
    return this.record({ type: 'memory.deleted', eventId, ownerId, memory, occurredAt: deletedAt }, correlationId);
  }

  private async record(event: MemoryEventIntake, correlationId: string): Promise<void> {
    await this.deliveries.record(event).catch((error: unknown) => {
      this.logger.warn(lineOf({ correlationId }, `${event.type} of ${event.memory.id} not recorded: ${String(error)}`));
    });
  }
}
