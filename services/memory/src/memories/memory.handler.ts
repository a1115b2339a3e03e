import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  JOURNAL_SUBJECTS,
  MEMORY_SUBJECTS,
  type DeletedMemory,
  type Memory,
  type JournalMemoryPage,
  type MemoryPage,
  type MemoryTagList,
} from '@memories/contracts';
import { BusHandler, EmptyEnvelopeDto } from '@memories/nest-common';
import {
  CreateMemoryEnvelopeDto,
  JournalMemoriesEnvelopeDto,
  MemoryIdEnvelopeDto,
  MemoryListEnvelopeDto,
  PageEnvelopeDto,
  ShareMemoryEnvelopeDto,
  UpdateMemoryEnvelopeDto,
} from './memory-envelope.dto';
import { MemoryService } from './memory.service';

/** The memory service's bus entry points: one line each, the rules live in MemoryService. */
@BusHandler()
export class MemoryHandler {
  constructor(private readonly memories: MemoryService) {}

  @MessagePattern(MEMORY_SUBJECTS.create)
  create(@Payload() { payload, ...context }: CreateMemoryEnvelopeDto): Promise<Memory> {
    return this.memories.create(context, payload);
  }

  @MessagePattern(MEMORY_SUBJECTS.update)
  update(@Payload() { payload, ...context }: UpdateMemoryEnvelopeDto): Promise<Memory> {
    return this.memories.update(context, payload);
  }

  @MessagePattern(MEMORY_SUBJECTS.get)
  get(@Payload() { payload, ...context }: MemoryIdEnvelopeDto): Promise<Memory> {
    return this.memories.get(context, payload.id);
  }

  @MessagePattern(MEMORY_SUBJECTS.delete)
  delete(@Payload() { payload, ...context }: MemoryIdEnvelopeDto): Promise<DeletedMemory> {
    return this.memories.delete(context, payload.id);
  }

  @MessagePattern(MEMORY_SUBJECTS.publish)
  publish(@Payload() { payload, ...context }: MemoryIdEnvelopeDto): Promise<Memory> {
    return this.memories.publish(context, payload.id);
  }

  @MessagePattern(MEMORY_SUBJECTS.share)
  share(@Payload() { payload, ...context }: ShareMemoryEnvelopeDto): Promise<Memory> {
    return this.memories.share(context, payload);
  }

  @MessagePattern(MEMORY_SUBJECTS.list)
  list(@Payload() { payload, ...context }: MemoryListEnvelopeDto): Promise<MemoryPage> {
    return this.memories.list(context, payload);
  }

  @MessagePattern(JOURNAL_SUBJECTS.memories)
  journal(@Payload() { payload, ...context }: JournalMemoriesEnvelopeDto): Promise<JournalMemoryPage> {
    return this.memories.listJournal(context, payload);
  }

  @MessagePattern(MEMORY_SUBJECTS.tags)
  tags(@Payload() { payload: _payload, ...context }: EmptyEnvelopeDto): Promise<MemoryTagList> {
    return this.memories.tags(context);
  }

  @MessagePattern(MEMORY_SUBJECTS.shared)
  shared(@Payload() { payload, ...context }: PageEnvelopeDto): Promise<MemoryPage> {
    return this.memories.sharedWithMe(context, payload);
  }
}
