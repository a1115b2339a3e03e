import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { MemorySearchHandler } from './memory-search.handler';
import { MemorySearchRepository } from './memory-search.repository';
import { MemorySearchService } from './memory-search.service';
import { SearchLayoutUpgrade } from './search-layout-upgrade';

/**
 * Full-text search over the owner's memories, with its syntax, snippets and "Did you mean", and the upgrade that moves
 * stored memories to the search's row layout.
 */
@Module({
  imports: [MemoryCoreModule],
  controllers: [MemorySearchHandler],
  providers: [MemorySearchRepository, MemorySearchService, SearchLayoutUpgrade],
})
export class MemorySearchModule {}
