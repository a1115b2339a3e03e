import { Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
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

  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  fileSize?: number;

  @IsOptional()
  @IsUUID()
  journalId?: string;
}

export class PresignedUrlEnvelopeDto extends EnvelopeDto implements MessageEnvelope<PresignedUrlPayload> {
  @ValidateNested()
  @Type(() => PresignedUrlPayloadDto)
  payload!: PresignedUrlPayloadDto;
}
