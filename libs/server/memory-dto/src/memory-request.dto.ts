import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  type ValidationArguments,
  ValidateBy,
  type ValidationOptions,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  MAX_PAGE_SIZE,
  MAX_SEARCH_TERM_LENGTH,
  MAX_SHARE_USER_IDS,
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_MEMORY,
  MEMORY_SEARCH_SORT_FIELDS,
  MEMORY_SORT_FIELDS,
  MEMORY_VALIDATION_MESSAGES,
  SORT_DIRECTIONS,
  type MemoryInput,
  type MemoryListQuery,
  type MemorySearchQuery,
  type MemorySearchSortField,
  type MemorySortField,
  type PageRequest,
  type SortDirection,
} from '@memories/contracts';
import { MAX_CONTENT_JSON_BYTES, MAX_TITLE_LENGTH } from '@memories/editor-schema';
import { CleanText } from '@memories/nest-common';
import { SealedMemoryDto } from './journal-key.dto';
import { MemoryPlainFieldsDto } from './memory-plain-fields.dto';

/** A memory of a locked journal carries its content as `sealed`; the plaintext fields then stay empty. */
const plaintext = (body: MemoryBodyDto) => body.sealed === undefined;

const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const DATE_MESSAGE = (field: string) => `${field} must be a date (yyyy-MM-dd) or an ISO date-time`;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `tags=a&tags=b` and `tags=a,b` both give ['a', 'b'] (a tag never holds a comma: the comma adds a tag). */
const toList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : typeof value === 'string' ? [value] : value === undefined ? undefined : [value])
    ?.flatMap((item: unknown) => (typeof item === 'string' ? item.split(',') : [item]))
    .map((item: unknown) => (typeof item === 'string' ? item.trim() : item))
    .filter((item: unknown) => item !== '');

/** Query booleans arrive as text: only `true` and `false` are booleans, anything else fails validation. */
const toBoolean = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

/** contentJson as JSON text or as an object, at most MAX_CONTENT_JSON_BYTES of UTF-8 JSON. */
export function IsEditorDocument(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEditorDocument',
      validator: {
        validate: (value: unknown) => {
          if (typeof value !== 'string' && (typeof value !== 'object' || value === null || Array.isArray(value)))
            return false;
          const text = typeof value === 'string' ? value : JSON.stringify(value);
          return text.trim() !== '' && Buffer.byteLength(text, 'utf8') <= MAX_CONTENT_JSON_BYTES;
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'contentJson'} must be an editor document (JSON text or object) of at most ${MAX_CONTENT_JSON_BYTES / 1024 / 1024} MB`,
      },
    },
    options,
  );
}

/** Body of POST /memories/memory and PUT /memories/memory/{id} (spec section 7); the plain fields are optional. */
export class MemoryBodyDto extends PartialType(MemoryPlainFieldsDto) implements MemoryInput {
  @ApiProperty({ example: 'Harbour at dusk', description: 'Empty for a memory of a locked journal (see sealed)' })
  @CleanText()
  @Transform(trim)
  @IsString()
  @ValidateIf(plaintext)
  @IsNotEmpty({ message: MEMORY_VALIDATION_MESSAGES.title })
  @MaxLength(MAX_TITLE_LENGTH)
  title!: string;

  @ApiProperty({ example: '2024-05-01', description: 'yyyy-MM-dd (stored at 12:00:00) or an ISO date-time' })
  @IsString()
  @IsNotEmpty({ message: MEMORY_VALIDATION_MESSAGES.date })
  @Matches(DATE_OR_DATE_TIME, { message: DATE_MESSAGE('date') })
  date!: string;

  @ApiProperty({
    description: `The editor document, the source of truth for the content: the serialised document (JSON text) as the spec defines it, or the same document as a JSON object; at most ${MAX_CONTENT_JSON_BYTES / 1024 / 1024} MB`,
    oneOf: [
      { type: 'string', description: 'The serialised editor document' },
      { type: 'object', description: 'The editor document itself' },
    ],
    example: '{"type":"doc","content":[{"type":"paragraph","content":[{"type":"text","text":"Boats by the sea"}]}]}',
  })
  @CleanText()
  @ValidateIf(plaintext)
  @IsEditorDocument()
  contentJson!: string | Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Ignored: the server renders the HTML from contentJson' })
  @IsOptional()
  @CleanText()
  @IsString()
  contentHtml?: string;

  @ApiPropertyOptional({ type: [String], example: ['sea'] })
  @IsOptional()
  @CleanText()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_MEMORY)
  @IsString({ each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ example: true })
  @IsOptional()
  @IsBoolean()
  isDraft?: boolean;

  @ApiPropertyOptional({ description: 'One of the images in the content, or empty' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  thumbnailUrl?: string;

  @ApiPropertyOptional({ type: [String], description: 'User ids the memory is shared with' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_SHARE_USER_IDS)
  @IsUUID('all', { each: true, message: 'sharedWith must contain user ids' })
  sharedWith?: string[];

  @ApiPropertyOptional({
    minimum: 1,
    description:
      'Updates only (ignored by a create): the `version` of the memory this save is based on. The save is refused with ' +
      '409 MEMORY_VERSION_CONFLICT, changing nothing, when the memory has another version by now; `error.detail.current` ' +
      'is then the memory as it is. Left out, the save overwrites whatever is there.',
  })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(1)
  version?: number;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'The journal: left out, a create goes to your default journal and an update leaves it where it is',
  })
  @IsOptional()
  @IsUUID('all', { message: 'journalId must be a journal id (UUID)' })
  journalId?: string;

  // A memory of a locked journal: title and contentJson are then empty, tags and thumbnailUrl left out.
  @ApiPropertyOptional({ type: SealedMemoryDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SealedMemoryDto)
  sealed?: SealedMemoryDto;
}

export class ShareBodyDto {
  @ApiProperty({
    type: [String],
    description: 'Ids of existing users',
    example: ['6f1c1f8e-3f0e-4a57-9c55-2a0c4f1f8f01'],
  })
  @IsArray()
  @ArrayMaxSize(MAX_SHARE_USER_IDS)
  @IsUUID('all', { each: true, message: 'userIds must contain user ids' })
  userIds!: string[];
}

export class MemoryIdParams {
  @ApiProperty({ description: 'The memory id', example: '3d2f0f7e-8a4b-5c1d-9e6f-0a1b2c3d4e5f' })
  @IsUUID('all', { message: 'id must be a memory id (UUID)' })
  id!: string;
}

export class PageQueryDto implements PageRequest {
  @ApiPropertyOptional({ default: 0, description: 'Zero-based page number' })
  @IsOptional()
  @Type(() => Number)
  @Min(0)
  @IsInt()
  page?: number;

  @ApiPropertyOptional({ default: 10, description: 'Items per page' })
  @IsOptional()
  @Type(() => Number)
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  @IsInt()
  size?: number;
}

/** A page of memories filtered by tags (`tags=a&tags=b` or `tags=a,b`): memories carrying every listed tag. */
class TaggedPageQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Memories carrying every listed tag' })
  @IsOptional()
  @CleanText()
  @Transform(toList)
  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_MEMORY)
  @IsString({ each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true })
  tags?: string[];
}

/** The filters the list and the search share: memories dated in a range, drafts or published, in a direction. */
class FilteredPageQueryDto extends TaggedPageQueryDto {
  @ApiPropertyOptional({ example: '2024-05-01' })
  @IsOptional()
  @Matches(DATE_OR_DATE_TIME, { message: DATE_MESSAGE('dateFrom') })
  dateFrom?: string;

  @ApiPropertyOptional({ example: '2024-05-31' })
  @IsOptional()
  @Matches(DATE_OR_DATE_TIME, { message: DATE_MESSAGE('dateTo') })
  dateTo?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'isDraft must be true or false' })
  isDraft?: boolean;

  @ApiPropertyOptional({ enum: SORT_DIRECTIONS })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value))
  @IsIn(SORT_DIRECTIONS, { message: `sortDirection must be one of: ${SORT_DIRECTIONS.join(', ')}` })
  sortDirection?: SortDirection;

  @ApiPropertyOptional({ format: 'uuid', description: 'Only the memories in this journal' })
  @IsOptional()
  @IsUUID('all', { message: 'journalId must be a journal id (UUID)' })
  journalId?: string;
}

export class ListQueryDto extends FilteredPageQueryDto implements MemoryListQuery {
  @ApiPropertyOptional()
  @IsOptional()
  @CleanText()
  @IsString()
  @MaxLength(MAX_TITLE_LENGTH)
  title?: string;

  @ApiPropertyOptional({ enum: MEMORY_SORT_FIELDS, default: 'createdAt' })
  @IsOptional()
  @IsIn(MEMORY_SORT_FIELDS, { message: `sortBy must be one of: ${MEMORY_SORT_FIELDS.join(', ')}` })
  sortBy?: MemorySortField;
}

export class SearchQueryDto extends FilteredPageQueryDto implements MemorySearchQuery {
  @ApiPropertyOptional({
    description:
      'Words in the title or the text: every word must match, the last one also as a prefix. "exact phrase", -word to ' +
      'exclude, OR between words, tag:name, before:yyyy-MM-dd, after:yyyy-MM-dd, is:draft, is:published, has:image, ' +
      'mood:4, mood:>=4 (also <=, >, <)',
  })
  @IsOptional()
  @CleanText()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  q?: string;

  @ApiPropertyOptional({ description: 'Words in the title only (same syntax as q)' })
  @IsOptional()
  @CleanText()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  title?: string;

  @ApiPropertyOptional({ description: 'Words in the text only (same syntax as q)' })
  @IsOptional()
  @CleanText()
  @IsString()
  @MaxLength(MAX_SEARCH_TERM_LENGTH)
  content?: string;

  @ApiPropertyOptional({
    enum: MEMORY_SEARCH_SORT_FIELDS,
    description: 'Default: relevance while the query has words, else createdAt',
  })
  @IsOptional()
  @IsIn(MEMORY_SEARCH_SORT_FIELDS, { message: `sortBy must be one of: ${MEMORY_SEARCH_SORT_FIELDS.join(', ')}` })
  sortBy?: MemorySearchSortField;
}
