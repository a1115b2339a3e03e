import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { lastValueFrom, timeout } from 'rxjs';
import { MEMORY_EVENTS, type MemoryDeletedEvent, type MessageContext, type MessageEnvelope } from '@memories/contracts';

export const MEMORY_EVENTS_CLIENT = Symbol('MEMORY_EVENTS_CLIENT');

/** Publishes the memory service's events (never queued: every interested service sees each one). */
@Injectable()
export class MemoryEventsPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MemoryEventsPublisher.name);

  constructor(@Inject(MEMORY_EVENTS_CLIENT) private readonly client: ClientProxy) {}

  onApplicationBootstrap(): void {
    this.client.connect().catch((error: unknown) => this.logger.error(`Bus connection failed: ${String(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }

  /**
   * The memory is already gone when this runs: a lost event leaves files for the upload service's own sweep, so
   * a bus failure is logged rather than failing the delete the user asked for.
   */
  async memoryDeleted(event: MemoryDeletedEvent, context: MessageContext): Promise<void> {
    const envelope: MessageEnvelope<MemoryDeletedEvent> = { ...context, payload: event };
    try {
      await lastValueFrom(this.client.emit(MEMORY_EVENTS.deleted, envelope).pipe(timeout({ first: 2000 })), {
        defaultValue: undefined,
      });
    } catch (error) {
      this.logger.error(`[${context.correlationId}] ${MEMORY_EVENTS.deleted} for ${event.memoryId} not published: ${String(error)}`);
    }
  }
}
