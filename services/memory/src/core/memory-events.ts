import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  MEMORY_EVENTS,
  type MemoryChangedEvent,
  type MemoryDeletedEvent,
  type MessageContext,
  type OutboundMemory,
} from '@memories/contracts';
import { BusEventPublisher } from '@memories/nest-common';
import type { MemoryRecord } from './memory.record';

/**
 * What may leave the instance about a memory (webhooks): never its content, only its id, journal, date, title and
 * tags. This is the one place that decides it: a memory of a locked journal (a later issue) keeps its title and tags
 * to itself here.
 */
export function outboundMemoryOf(record: MemoryRecord): OutboundMemory {
  return { id: record.id, journal: null, date: record.date.slice(0, 10), title: record.title, tags: record.tags };
}

/**
 * Announces that a memory was created, changed or deleted. Published after the change and never undoing it: a lost
 * event loses a webhook delivery (and leaves files to the upload service's own sweep), never a memory.
 */
@Injectable()
export class MemoryEvents {
  constructor(private readonly events: BusEventPublisher) {}

  async created(record: MemoryRecord, context: MessageContext): Promise<void> {
    await this.events.publish<MemoryChangedEvent>(MEMORY_EVENTS.created, this.changed(record), context);
  }

  async updated(record: MemoryRecord, context: MessageContext): Promise<void> {
    await this.events.publish<MemoryChangedEvent>(MEMORY_EVENTS.updated, this.changed(record), context);
  }

  async deleted(record: MemoryRecord, imageSources: string[], context: MessageContext): Promise<void> {
    const event: MemoryDeletedEvent = {
      eventId: randomUUID(),
      memoryId: record.id,
      ownerId: record.userId,
      imageSources,
      deletedAt: new Date().toISOString(),
      memory: outboundMemoryOf(record),
    };
    await this.events.publish(MEMORY_EVENTS.deleted, event, context);
  }

  private changed(record: MemoryRecord): MemoryChangedEvent {
    return {
      eventId: randomUUID(),
      memoryId: record.id,
      ownerId: record.userId,
      memory: outboundMemoryOf(record),
      occurredAt: new Date().toISOString(),
    };
  }
}
