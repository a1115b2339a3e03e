import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsObject,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_IMAGE_URLS_PER_QUERY,
  type CleanupImagesPayload,
  type MemoryDeletedEvent,
  type MessageEnvelope,
  type OutboundMemory,
} from '@memories/contracts';
import { EnvelopeDto } from '@memories/nest-common';

/** Longest image URL looked at: a browser-resolved URL of one of our keys is far shorter. */
export const MAX_IMAGE_URL_LENGTH = 2048;

class CleanupImagesPayloadDto implements CleanupImagesPayload {
  @IsArray()
  @ArrayMaxSize(MAX_IMAGE_URLS_PER_QUERY)
  @IsString({ each: true })
  @MaxLength(MAX_IMAGE_URL_LENGTH, { each: true })
  imageUrls!: string[];
}

class MemoryDeletedEventDto implements MemoryDeletedEvent {
  @IsString() @IsNotEmpty() memoryId!: string;
  @IsString() @IsNotEmpty() ownerId!: string;

  @IsArray()
  @IsString({ each: true })
  imageSources!: string[];

  @IsISO8601() deletedAt!: string;

  /** For the notify service; this service reads only the images. */
  @IsUUID() eventId!: string;
  @IsObject() memory!: OutboundMemory;
}

export class CleanupImagesEnvelopeDto extends EnvelopeDto implements MessageEnvelope<CleanupImagesPayload> {
  @ValidateNested()
  @Type(() => CleanupImagesPayloadDto)
  payload!: CleanupImagesPayloadDto;
}

export class MemoryDeletedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<MemoryDeletedEvent> {
  @ValidateNested()
  @Type(() => MemoryDeletedEventDto)
  payload!: MemoryDeletedEventDto;
}
