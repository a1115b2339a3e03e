import { Type } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import type { MessageEnvelope, PresignedUrlPayload } from '@memories/contracts';
import { CleanText, EnvelopeDto } from '@memories/nest-common';

class PresignedUrlPayloadDto implements PresignedUrlPayload {
  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  fileName!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  fileType!: string;
}

export class PresignedUrlEnvelopeDto extends EnvelopeDto implements MessageEnvelope<PresignedUrlPayload> {
  @ValidateNested()
  @Type(() => PresignedUrlPayloadDto)
  payload!: PresignedUrlPayloadDto;
}
