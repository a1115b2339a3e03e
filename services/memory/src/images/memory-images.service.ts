import { Injectable } from '@nestjs/common';
import type {
  ImageReadablePayload,
  ImageReadableResult,
  ImagesReferencedPayload,
  ImagesReferencedResult,
  MessageContext,
} from '@memories/contracts';
import { MemoryImagesRepository } from './memory-images.repository';

/**
 * The upload service's two questions about files. Only the file owner's memories count: a URL pasted into
 * someone else's memory grants nobody access and does not keep the file from being cleaned up.
 */
@Injectable()
export class MemoryImagesService {
  constructor(private readonly images: MemoryImagesRepository) {}

  async referenced(payload: ImagesReferencedPayload): Promise<ImagesReferencedResult> {
    const fileUrls = [...new Set(payload.fileUrls)];
    if (fileUrls.length === 0) return { referenced: [] };
    return { referenced: await this.images.referencedByOwner(payload.ownerId, fileUrls) };
  }

  async readable(context: MessageContext, payload: ImageReadablePayload): Promise<ImageReadableResult> {
    if (!context.userId) return { readable: false };
    return { readable: await this.images.readableBy(context.userId, payload.ownerId, payload.fileUrl) };
  }
}
