import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import {
  MAX_IMAGE_URLS_PER_QUERY,
  type ImageReadablePayload,
  type ImagesReferencedPayload,
  type MessageEnvelope,
} from '@memories/contracts';
import { EnvelopeDto } from '@memories/nest-common';

/** Longest file URL worth looking up (keys are `users/<id>/<uuid>.<ext>`, far shorter). */
const MAX_FILE_URL_LENGTH = 500;

class ImagesReferencedPayloadDto implements ImagesReferencedPayload {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  ownerId!: string;

  @IsArray()
  @ArrayMaxSize(MAX_IMAGE_URLS_PER_QUERY)
  @IsString({ each: true })
  @MaxLength(MAX_FILE_URL_LENGTH, { each: true })
  fileUrls!: string[];
}

class ImageReadablePayloadDto implements ImageReadablePayload {
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  ownerId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_FILE_URL_LENGTH)
  fileUrl!: string;
}

export class ImagesReferencedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<ImagesReferencedPayload> {
  @ValidateNested()
  @Type(() => ImagesReferencedPayloadDto)
  payload!: ImagesReferencedPayloadDto;
}

export class ImageReadableEnvelopeDto extends EnvelopeDto implements MessageEnvelope<ImageReadablePayload> {
  @ValidateNested()
  @Type(() => ImageReadablePayloadDto)
  payload!: ImageReadablePayloadDto;
}
