import { MessagePattern, Payload } from '@nestjs/microservices';
import { UPLOAD_SUBJECTS, type PresignedUrl } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import { PresignedUrlEnvelopeDto } from './upload-envelope.dto';
import { UploadFilesService } from './upload-files.service';

/** The upload service's bus entry points; the rules live in UploadFilesService. */
@BusHandler()
export class UploadFilesHandler {
  constructor(private readonly uploads: UploadFilesService) {}

  @MessagePattern(UPLOAD_SUBJECTS.createGrant)
  createGrant(@Payload() { payload, ...context }: PresignedUrlEnvelopeDto): Promise<PresignedUrl> {
    return this.uploads.createGrant(context, payload);
  }
}
