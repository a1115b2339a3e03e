import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsISO8601,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_TRANSFER_PAGE_MEMORIES,
  type ExportCursor,
  type ExportMemoriesPayload,
  type ImportMemoriesPayload,
  type ImportedCounts,
  type ImportedMemoryInput,
  type MemoryInput,
  type MessageEnvelope,
} from '@memories/contracts';
import { CleanText, EnvelopeDto } from '@memories/nest-common';

/** Longest source key (`<format>:<id or path in the archive>`). */
export const MAX_SOURCE_KEY_LENGTH = 600;

class ExportCursorDto implements ExportCursor {
  @IsISO8601({ strict: true })
  createdAt!: string;

  @IsUUID('all')
  id!: string;
}

class ExportMemoriesPayloadDto implements ExportMemoriesPayload {
  @IsOptional()
  @ValidateNested()
  @Type(() => ExportCursorDto)
  after?: ExportCursorDto;
}

class ImportedCountsDto implements ImportedCounts {
  @IsInt() @Min(0) viewCount!: number;
  @IsInt() @Min(0) likeCount!: number;
  @IsInt() @Min(0) commentCount!: number;
}

/**
 * The frame of one imported memory. The memory itself is checked per entry by the service, with the very rules of
 * a save from the editor, so that one bad entry fails alone instead of the whole page. Its text and the source key
 * (a file name) are what a person wrote: cleaned, never refused (see `cleanText`).
 */
class ImportedMemoryInputDto implements ImportedMemoryInput {
  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_SOURCE_KEY_LENGTH)
  sourceKey!: string;

  @IsOptional()
  @IsUUID('all')
  originalId?: string;

  @CleanText()
  @IsObject()
  memory!: MemoryInput;

  @IsOptional()
  @IsISO8601({ strict: true })
  createdAt?: string;

  @IsOptional()
  @IsISO8601({ strict: true })
  updatedAt?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => ImportedCountsDto)
  counts?: ImportedCountsDto;
}

class ImportMemoriesPayloadDto implements ImportMemoriesPayload {
  @IsEmail()
  ownerEmail!: string;

  @IsArray()
  @ArrayMaxSize(MAX_TRANSFER_PAGE_MEMORIES)
  @ValidateNested({ each: true })
  @Type(() => ImportedMemoryInputDto)
  items!: ImportedMemoryInputDto[];
}

export class ExportMemoriesEnvelopeDto extends EnvelopeDto implements MessageEnvelope<ExportMemoriesPayload> {
  @ValidateNested()
  @Type(() => ExportMemoriesPayloadDto)
  payload!: ExportMemoriesPayloadDto;
}

export class ImportMemoriesEnvelopeDto extends EnvelopeDto implements MessageEnvelope<ImportMemoriesPayload> {
  @ValidateNested()
  @Type(() => ImportMemoriesPayloadDto)
  payload!: ImportMemoriesPayloadDto;
}
