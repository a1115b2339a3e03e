import { Logger } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { MEMORY_EVENTS, UPLOAD_SUBJECTS, type CleanupImagesResult } from '@memories/contracts';
import { BusHandler, lineOf } from '@memories/nest-common';
import { CleanupImagesEnvelopeDto, MemoryDeletedEnvelopeDto } from './cleanup-envelope.dto';
import { FileCleanupService } from './file-cleanup.service';

/** Clean-up on request (the editor) and on the memory service's deletion event. */
@BusHandler()
export class FileCleanupHandler {
  private readonly logger = new Logger(FileCleanupHandler.name);

  constructor(private readonly cleanup: FileCleanupService) {}

  @MessagePattern(UPLOAD_SUBJECTS.cleanup)
  cleanupImages(@Payload() { payload, ...context }: CleanupImagesEnvelopeDto): Promise<CleanupImagesResult> {
    return this.cleanup.cleanup(context, payload);
  }

  /** An event has nobody to answer: a failure is logged, and the files stay for the next deletion or clean-up. */
  @EventPattern(MEMORY_EVENTS.deleted)
  async memoryDeleted(@Payload() { payload, ...context }: MemoryDeletedEnvelopeDto): Promise<void> {
    await this.cleanup.memoryDeleted(context, payload).catch((error: unknown) => {
      this.logger.warn(
        lineOf(context, `images of deleted memory ${payload.memoryId} not cleaned up: ${String(error)}`),
      );
    });
  }
}
