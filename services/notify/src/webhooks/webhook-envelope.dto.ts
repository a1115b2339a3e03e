import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import {
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_MEMORY,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type CreateWebhookPayload,
  type MemoryChangedEvent,
  type MemoryDeletedEvent,
  type MessageEnvelope,
  type OutboundMemory,
  type UpdateWebhookPayload,
  type WebhookEventType,
  type WebhookIdPayload,
} from '@memories/contracts';
import { EnvelopeDto } from '@memories/nest-common';

abstract class AuthenticatedEnvelopeDto extends EnvelopeDto {
  @IsDefined() @IsUUID() override userId!: string;
}

class CreateWebhookPayloadDto implements CreateWebhookPayload {
  @IsString() @MaxLength(MAX_WEBHOOK_URL_LENGTH) url!: string;

  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events!: WebhookEventType[];
}

class UpdateWebhookPayloadDto implements UpdateWebhookPayload {
  @IsUUID() id!: string;
  @IsOptional() @IsString() @MaxLength(MAX_WEBHOOK_URL_LENGTH) url?: string;

  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @IsOptional() @IsBoolean() enabled?: boolean;
}

class WebhookIdPayloadDto implements WebhookIdPayload {
  @IsUUID() id!: string;
}

export class CreateWebhookEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => CreateWebhookPayloadDto) payload!: CreateWebhookPayloadDto;
}

export class UpdateWebhookEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => UpdateWebhookPayloadDto) payload!: UpdateWebhookPayloadDto;
}

export class WebhookIdEnvelopeDto extends AuthenticatedEnvelopeDto {
  @ValidateNested() @Type(() => WebhookIdPayloadDto) payload!: WebhookIdPayloadDto;
}

export class OwnerEnvelopeDto extends AuthenticatedEnvelopeDto {
  @IsDefined() payload!: Record<string, never>;
}

class OutboundMemoryDto implements OutboundMemory {
  @IsUUID() id!: string;
  @IsOptional() @IsString() @MaxLength(64) journal!: string | null;
  @IsString() @MaxLength(10) date!: string;
  @IsString() @MaxLength(1000) title!: string;

  @IsArray()
  @ArrayMaxSize(MAX_TAGS_PER_MEMORY)
  @IsString({ each: true })
  @MaxLength(MAX_TAG_LENGTH, { each: true })
  tags!: string[];
}

class MemoryChangedEventDto implements MemoryChangedEvent {
  @IsUUID() eventId!: string;
  @IsUUID() memoryId!: string;
  @IsUUID() ownerId!: string;
  @ValidateNested() @Type(() => OutboundMemoryDto) memory!: OutboundMemoryDto;
  @IsISO8601() occurredAt!: string;
}

class MemoryDeletedEventDto implements MemoryDeletedEvent {
  @IsUUID() eventId!: string;
  @IsUUID() memoryId!: string;
  @IsUUID() ownerId!: string;
  @ValidateNested() @Type(() => OutboundMemoryDto) memory!: OutboundMemoryDto;
  @IsISO8601() deletedAt!: string;
  /** For the upload service; not read here. */
  @IsArray() @IsString({ each: true }) imageSources!: string[];
}

export class MemoryChangedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<MemoryChangedEvent> {
  @ValidateNested() @Type(() => MemoryChangedEventDto) payload!: MemoryChangedEventDto;
}

export class MemoryDeletedEnvelopeDto extends EnvelopeDto implements MessageEnvelope<MemoryDeletedEvent> {
  @ValidateNested() @Type(() => MemoryDeletedEventDto) payload!: MemoryDeletedEventDto;
}
