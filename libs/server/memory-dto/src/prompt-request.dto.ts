import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  MAX_PROMPT_LENGTH,
  PROMPT_CATEGORIES,
  PROMPT_MESSAGES,
  type CreatePromptPayload,
  type PromptCategory,
  type RandomPromptQuery,
  type ReminderContextQuery,
  type SaveTemplatePayload,
  type TodayPromptQuery,
} from '@memories/contracts';
import { IsEditorDocument } from './memory-request.dto';
import { IsCalendarDay } from './rediscovery-request.dto';

// Prompts, the personal template and a reminder's day: checked at the gateway (or the notify service's request) and
// again by the memory service.

/** `POST /api/prompts`. */
export class CreatePromptBodyDto implements CreatePromptPayload {
  @ApiProperty({ example: 'What did the garden look like this morning?', maxLength: MAX_PROMPT_LENGTH })
  @IsString({ message: PROMPT_MESSAGES.textInvalid })
  @Matches(/\S/, { message: PROMPT_MESSAGES.textInvalid })
  @MaxLength(MAX_PROMPT_LENGTH, { message: PROMPT_MESSAGES.textInvalid })
  text!: string;

  @ApiPropertyOptional({ enum: PROMPT_CATEGORIES })
  @IsOptional()
  @IsIn(PROMPT_CATEGORIES, { message: PROMPT_MESSAGES.categoryInvalid })
  category?: PromptCategory;
}

/** `GET /api/prompts/random?category=`. */
export class RandomPromptQueryDto implements RandomPromptQuery {
  @ApiPropertyOptional({ enum: PROMPT_CATEGORIES, description: 'Only prompts of this category' })
  @IsOptional()
  @IsIn(PROMPT_CATEGORIES, { message: PROMPT_MESSAGES.categoryInvalid })
  category?: PromptCategory;
}

/** `GET /api/prompts/today?date=`. */
export class TodayPromptQueryDto implements TodayPromptQuery {
  @ApiProperty({ example: '2026-05-01', description: 'Today as the caller sees it (yyyy-MM-dd)' })
  @IsCalendarDay()
  date!: string;
}

/** A built-in prompt's id (`builtin-travel-3`) or one of the person's own (a UUID). */
export class PromptIdParams {
  @ApiProperty({ example: 'builtin-travel-3' })
  @IsString()
  @IsNotEmpty()
  @Matches(/^(builtin-[a-z]+-\d{1,4}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
    message: 'id must be a prompt id',
  })
  id!: string;
}

/** `PUT /api/templates/personal`. */
export class SaveTemplateBodyDto implements SaveTemplatePayload {
  @ApiProperty({
    description: 'The editor document a new memory starts with (JSON text or object); an empty document removes it',
    oneOf: [{ type: 'string' }, { type: 'object' }],
    example:
      '{"type":"doc","content":[{"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Today"}]}]}',
  })
  @IsEditorDocument()
  contentJson!: string | Record<string, unknown>;
}

/** What the notify service asks of a person's day (the bus only). */
export class ReminderContextQueryDto implements ReminderContextQuery {
  @IsCalendarDay() date!: string;
  @IsISO8601({ strict: true }) dayStart!: string;
  @IsISO8601({ strict: true }) dayEnd!: string;
}
