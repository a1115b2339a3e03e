import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { MemorySearchHandler } from './memory-search.handler';
import { MemorySearchRepository } from './memory-search.repository';
import { MemorySearchService } from './memory-search.service';

/** Full-text search over the owner's memories, with its syntax, snippets and "Did you mean". */
@Module({
  imports: [MemoryCoreModule],
  controllers: [MemorySearchHandler],
  providers: [MemorySearchRepository, MemorySearchService],
})
export class MemorySearchModule {}
