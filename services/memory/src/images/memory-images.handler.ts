import { MessagePattern, Payload } from '@nestjs/microservices';
import { MEMORY_SUBJECTS, type ImageReadableResult, type ImagesReferencedResult } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { ImageReadableEnvelopeDto, ImagesReferencedEnvelopeDto } from './memory-images-envelope.dto';
import { MemoryImagesService } from './memory-images.service';

/** Bus entry points asked by the upload service (clean-up and private file reads). */
@BusHandler()
export class MemoryImagesHandler {
  constructor(private readonly images: MemoryImagesService) {}

  @MessagePattern(MEMORY_SUBJECTS.imagesReferenced)
  referenced(@Payload() { payload }: ImagesReferencedEnvelopeDto): Promise<ImagesReferencedResult> {
    return this.images.referenced(payload);
  }

  @MessagePattern(MEMORY_SUBJECTS.imageReadable)
  readable(@Payload() { payload, ...context }: ImageReadableEnvelopeDto): Promise<ImageReadableResult> {
    return this.images.readable(context, payload);
  }
}
