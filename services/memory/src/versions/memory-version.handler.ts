import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  MEMORY_VERSION_SUBJECTS,
  type MemoryVersion,
  type MemoryVersionPage,
  type RestoredMemoryVersion,
} from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { MemoryVersionEnvelopeDto, MemoryVersionListEnvelopeDto } from './memory-version-envelope.dto';
import { MemoryVersionService } from './memory-version.service';

/** A memory's version history on the bus: one line each, the rules live in MemoryVersionService. */
@BusHandler()
export class MemoryVersionHandler {
  constructor(private readonly versions: MemoryVersionService) {}

  @MessagePattern(MEMORY_VERSION_SUBJECTS.list)
  list(@Payload() { payload, ...context }: MemoryVersionListEnvelopeDto): Promise<MemoryVersionPage> {
    return this.versions.list(context, payload);
  }

  @MessagePattern(MEMORY_VERSION_SUBJECTS.get)
  get(@Payload() { payload, ...context }: MemoryVersionEnvelopeDto): Promise<MemoryVersion> {
    return this.versions.get(context, payload);
  }

  @MessagePattern(MEMORY_VERSION_SUBJECTS.restore)
  restore(@Payload() { payload, ...context }: MemoryVersionEnvelopeDto): Promise<RestoredMemoryVersion> {
    return this.versions.restore(context, payload);
  }
}
