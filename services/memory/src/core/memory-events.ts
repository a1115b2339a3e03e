import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MEMORY_EVENTS,
  type Memory,
  type MemoryChangedEvent,
  type MemoryDeletedEvent,
  type MessageContext,
  type OutboundMemory,
} from '@memories/contracts';
import { BusEventPublisher } from '@memories/nest-common';

/**
 * What may leave the instance about a memory (webhooks): never its content, only its id, journal, date, title and
 * tags. This is the one place that decides it: a memory of a locked journal stores no title or tags in the clear, so
 * its messages carry its id, journal and date only (and never its ciphertext).
 */
export function outboundMemoryOf(memory: Memory): OutboundMemory {
  // A locked journal's memory has no title or tags the server could tell (they are in its ciphertext, never sent).
  return {
    id: memory.id,
    journal: memory.journalId,
    date: memory.date.slice(0, 10),
    title: memory.title,
    tags: memory.tags,
  };
}

/**
 * Announces that a memory was created, changed or deleted. Published after the change and never undoing it: a lost
 * event loses a webhook delivery (and leaves files to the upload service's own sweep), never a memory.
 */
@Injectable()
export class MemoryEvents {
  constructor(private readonly events: BusEventPublisher) {}

  async created(memory: Memory, context: MessageContext): Promise<void> {
    await this.events.publish<MemoryChangedEvent>(MEMORY_EVENTS.created, this.changed(memory), context);
  }

  async updated(memory: Memory, context: MessageContext): Promise<void> {
    await this.events.publish<MemoryChangedEvent>(MEMORY_EVENTS.updated, this.changed(memory), context);
  }

  async deleted(memory: Memory, imageSources: string[], context: MessageContext): Promise<void> {
    const event: MemoryDeletedEvent = {
      eventId: randomUUID(),
      memoryId: memory.id,
      ownerId: memory.ownerId,
      imageSources,
      deletedAt: new Date().toISOString(),
      memory: outboundMemoryOf(memory),
    };
    await this.events.publish(MEMORY_EVENTS.deleted, event, context);
  }

  private changed(memory: Memory): MemoryChangedEvent {
    return {
      eventId: randomUUID(),
      memoryId: memory.id,
      ownerId: memory.ownerId,
      memory: outboundMemoryOf(memory),
      occurredAt: new Date().toISOString(),
    };
  }
}
