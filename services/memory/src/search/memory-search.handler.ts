import { MessagePattern, Payload } from '@nestjs/microservices';
import { MEMORY_SUBJECTS, type MemorySearchPage } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { MemorySearchEnvelopeDto } from './memory-search-envelope.dto';
import { MemorySearchService } from './memory-search.service';

/** The search's bus entry point (`GET /memories/search`). */
@BusHandler()
export class MemorySearchHandler {
  constructor(private readonly searches: MemorySearchService) {}

  @MessagePattern(MEMORY_SUBJECTS.search)
  search(@Payload() { payload, ...context }: MemorySearchEnvelopeDto): Promise<MemorySearchPage> {
    return this.searches.search(context, payload);
  }
}
