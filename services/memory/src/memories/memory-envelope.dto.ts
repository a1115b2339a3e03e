import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_SHARE_USER_IDS,
  type CreateMemoryPayload,
  type JournalIdPayload,
  type MemoryIdPayload,
  type ShareMemoryPayload,
  type UpdateMemoryPayload,
} from '@memories/contracts';
import { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto } from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway validated the HTTP request already, with the same classes (@memories/memory-dto); checking them again
// is the service's own defence for anything that reaches the bus (services trust the envelope's user, never the
// shape of a payload).

class MemoryIdDto extends MemoryIdParams implements MemoryIdPayload {}

class CreateMemoryDto implements CreateMemoryPayload {
  @ValidateNested()
  @Type(() => MemoryBodyDto)
  memory!: MemoryBodyDto;

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
  @Type(() => MemoryBodyDto)
  memory!: MemoryBodyDto;

  @IsOptional()
  @IsBoolean()
  autoSave?: boolean;
}

class ShareMemoryDto extends MemoryIdDto implements ShareMemoryPayload {
  @IsArray()
  @ArrayMaxSize(MAX_SHARE_USER_IDS)
  @IsUUID('all', { each: true })
  userIds!: string[];
}

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
  @Type(() => ListQueryDto)
  payload!: ListQueryDto;
}

class JournalMemoriesQueryDto extends ListQueryDto implements JournalIdPayload {
  @IsUUID()
  override journalId!: string;
}

export class JournalMemoriesEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => JournalMemoriesQueryDto)
  payload!: JournalMemoriesQueryDto;
}

export class PageEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => PageQueryDto)
  payload!: PageQueryDto;
}
