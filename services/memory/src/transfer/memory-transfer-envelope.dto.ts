import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsISO8601,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  JOURNAL_COLOR_PATTERN,
  JOURNAL_MEMBER_ROLES,
  MAX_JOURNAL_MEMBERS,
  MAX_JOURNAL_NAME_LENGTH,
  MAX_TRANSFER_PAGE_MEMORIES,
  type ExportCursor,
  type ExportMemoriesPayload,
  type ImportMemoriesPayload,
  type ImportedCounts,
  type ImportedJournal,
  type JournalMemberRole,
  type ImportedMemoryInput,
  type MemoryInput,
  type MessageEnvelope,
} from '@memories/contracts';
import { JournalKeyEnvelopeDto } from '@memories/memory-dto';
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

  @IsOptional()
  @IsString()
  @MaxLength(MAX_SOURCE_KEY_LENGTH)
  journalKey?: string;
}

class ImportedMemberDto {
  @IsUUID('all')
  userId!: string;

  @IsIn(JOURNAL_MEMBER_ROLES)
  role!: JournalMemberRole;
}

/** A journal an import names: its name as it was (cleaned, cut to the longest name), its colour, key and members. */
class ImportedJournalDto implements ImportedJournal {
  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_SOURCE_KEY_LENGTH)
  sourceKey!: string;

  @CleanText()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_JOURNAL_NAME_LENGTH)
  name!: string;

  @IsOptional()
  @Matches(JOURNAL_COLOR_PATTERN)
  color?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => JournalKeyEnvelopeDto)
  keyEnvelope?: JournalKeyEnvelopeDto;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_JOURNAL_MEMBERS)
  @ValidateNested({ each: true })
  @Type(() => ImportedMemberDto)
  members?: ImportedMemberDto[];
}

class ImportMemoriesPayloadDto implements ImportMemoriesPayload {
  @IsEmail()
  ownerEmail!: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TRANSFER_PAGE_MEMORIES)
  @ValidateNested({ each: true })
  @Type(() => ImportedJournalDto)
  journals?: ImportedJournalDto[];

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
