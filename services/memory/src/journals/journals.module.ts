import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { JournalHandler } from './journal.handler';
import { JournalsRepository } from './journals.repository';
import { JournalsService } from './journals.service';

/** Journals and their members (issue 37); who may do what is the access core's JournalAccess. */
@Module({
  imports: [MemoryCoreModule],
  controllers: [JournalHandler],
  providers: [JournalsRepository, JournalsService],
})
export class JournalsModule {}
