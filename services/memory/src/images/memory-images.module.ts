import { Module } from '@nestjs/common';
import { MemoryCoreModule } from '../core/memory-core.module';
import { MemoryImagesHandler } from './memory-images.handler';
import { MemoryImagesRepository } from './memory-images.repository';
import { MemoryImagesService } from './memory-images.service';

/** Which memories use which uploaded files (the upload service asks; the memory table is the source). */
@Module({
  imports: [MemoryCoreModule],
  controllers: [MemoryImagesHandler],
  providers: [MemoryImagesRepository, MemoryImagesService],
})
export class MemoryImagesModule {}
