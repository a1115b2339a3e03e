import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_PAGE_SIZE,
  MAX_SEARCH_TERM_LENGTH,
  MAX_SHARE_USER_IDS,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_MEMORY,
  MEMORY_SORT_FIELDS,
  SORT_DIRECTIONS,
  type CreateMemoryPayload,
  type MemoryIdPayload,
  type MemoryInput,
  type MemoryListQuery,
  type MemorySearchQuery,
  type MemorySortField,
  type PageRequest,
  type ShareMemoryPayload,
  type SortDirection,
  type UpdateMemoryPayload,
} from '@memories/contracts';
import { MAX_TITLE_LENGTH } from '@memories/editor-schema/server';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway validated the HTTP request already; these checks are the service's own defence for anything that
// reaches the bus (services trust the envelope's user, never the shape of a payload).

class MemoryInputDto implements MemoryInput {
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_TITLE_LENGTH)
  title!: string;

  @IsString()
  @IsNotEmpty()
  date!: string;

  @IsNotEmpty()
  contentJson!: string | Record<string, unknown>;

  @IsOptional()
  @IsString()
  contentHtml?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_MEMORY)
  @IsString({ each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true })
  tags?: string[];

  @IsOptional()
  @IsBoolean()
  isDraft?: boolean;

  @IsOptional()
  @IsString()
  thumbnailUrl?: string;

  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SHARE_USER_IDS)
  @IsUUID('all', { each: true })
  sharedWith?: string[];
}

class PageRequestDto implements PageRequest {
  @IsOptional()
  @IsInt()
  @Min(0)
  page?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  size?: number;
}

class TaggedPageRequestDto extends PageRequestDto {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_MEMORY)
  @IsString({ each: true })
  tags?: string[];
}

class MemoryListQueryDto extends TaggedPageRequestDto implements MemoryListQuery {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_TITLE_LENGTH)
  title?: string;


  @IsOptional()
  @IsString()
  dateFrom?: string;

  @IsOptional()
  @IsString()
  dateTo?: string;

  @IsOptional()
  @IsBoolean()
  isDraft?: boolean;

  @IsOptional()
  @IsIn(MEMORY_SORT_FIELDS)
  sortBy?: MemorySortField;

  @IsOptional()
  @IsIn(SORT_DIRECTIONS)
  sortDirection?: SortDirection;
}

class MemorySearchQueryDto extends TaggedPageRequestDto implements MemorySearchQuery {
  @IsOptional()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  q?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  title?: string;

  @IsOptional()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  content?: string;

}

class MemoryIdDto implements MemoryIdPayload {
  @IsUUID('all')
  id!: string;
}

class CreateMemoryDto implements CreateMemoryPayload {
  @ValidateNested()
  @Type(() => MemoryInputDto)
  memory!: MemoryInputDto;

  @IsEmail()
  ownerEmail!: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_IDEMPOTENCY_KEY_LENGTH)
  idempotencyKey?: string;
}

class UpdateMemoryDto extends MemoryIdDto implements UpdateMemoryPayload {
  @ValidateNested()
  @Type(() => MemoryInputDto)
  memory!: MemoryInputDto;
}

class ShareMemoryDto extends MemoryIdDto implements ShareMemoryPayload {
  @IsArray()
  @ArrayMaxSize(MAX_SHARE_USER_IDS)
  @IsUUID('all', { each: true })
  userIds!: string[];
}

class EmptyPayloadDto {}

export class CreateMemoryEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => CreateMemoryDto)
  payload!: CreateMemoryDto;
}

export class UpdateMemoryEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => UpdateMemoryDto)
  payload!: UpdateMemoryDto;
}

export class MemoryIdEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => MemoryIdDto)
  payload!: MemoryIdDto;
}

export class ShareMemoryEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => ShareMemoryDto)
  payload!: ShareMemoryDto;
}

export class MemoryListEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => MemoryListQueryDto)
  payload!: MemoryListQueryDto;
}

export class MemorySearchEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => MemorySearchQueryDto)
  payload!: MemorySearchQueryDto;
}

export class PageEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => PageRequestDto)
  payload!: PageRequestDto;
}

export class EmptyEnvelopeDto extends EnvelopeDto {
  @IsObject()
  @Transform(({ value }: { value: unknown }) => value ?? {})
  payload!: EmptyPayloadDto;
}
