import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { PromptsHandler } from './prompts.handler';
import { PromptsRepository } from './prompts.repository';
import { PromptsService } from './prompts.service';

/** Writing prompts, the personal template, and what a reminder asks about a person's day. */
@Module({ imports: [MemoryCoreModule], controllers: [PromptsHandler], providers: [PromptsRepository, PromptsService] })
export class PromptsModule {}
