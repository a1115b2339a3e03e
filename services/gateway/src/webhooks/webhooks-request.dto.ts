import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
} from 'class-validator';
import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  type CreateWebhookPayload,
  type WebhookEventType,
} from '@memories/contracts';

// The address itself (what it resolves to, whether it may be called) is the notify service's to judge.
const HTTP_URL = /^https?:\/\/\S+$/i;

export class CreateWebhookBodyDto implements CreateWebhookPayload {
  @ApiProperty({
    example: 'https://hooks.example.com/memories',
    description: 'http(s), a public address (or a host in WEBHOOK_ALLOWED_HOSTS)',
  })
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  @Matches(HTTP_URL, { message: WEBHOOK_MESSAGES.urlInvalid })
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['memory.created', 'memory.updated'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events!: WebhookEventType[];
}

export class UpdateWebhookBodyDto {
  @ApiPropertyOptional({ example: 'https://hooks.example.com/memories' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_WEBHOOK_URL_LENGTH)
  @Matches(HTTP_URL, { message: WEBHOOK_MESSAGES.urlInvalid })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'Turning a webhook on again clears why the instance had turned it off' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}
