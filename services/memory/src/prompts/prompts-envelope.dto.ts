import { Type } from 'class-transformer';
import { IsDefined, IsObject, IsUUID, ValidateNested } from 'class-validator';
import {
  CreatePromptBodyDto,
  PromptIdParams,
  RandomPromptQueryDto,
  ReminderContextQueryDto,
  SaveTemplateBodyDto,
  TodayPromptQueryDto,
} from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway (and, for a reminder's day, the notify service) validated these with the same classes; checked again.

abstract class OwnerEnvelope extends EnvelopeDto {
  @IsDefined() @IsUUID() override userId!: string;
}

export class PromptOwnerEnvelopeDto extends OwnerEnvelope {
  @IsObject() payload!: Record<string, never>;
}

export class RandomPromptEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => RandomPromptQueryDto) payload!: RandomPromptQueryDto;
}

export class TodayPromptEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => TodayPromptQueryDto) payload!: TodayPromptQueryDto;
}

export class CreatePromptEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => CreatePromptBodyDto) payload!: CreatePromptBodyDto;
}

export class PromptIdEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => PromptIdParams) payload!: PromptIdParams;
}

export class SaveTemplateEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => SaveTemplateBodyDto) payload!: SaveTemplateBodyDto;
}

export class ReminderContextEnvelopeDto extends OwnerEnvelope {
  @ValidateNested() @Type(() => ReminderContextQueryDto) payload!: ReminderContextQueryDto;
}
