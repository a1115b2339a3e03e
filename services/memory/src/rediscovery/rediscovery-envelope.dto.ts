import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import {
  CalendarQueryDto,
  JournalFilterDto,
  OnThisDayQueryDto,
  TimelineQueryDto,
  WritingStatsQueryDto,
} from '@memories/memory-dto';
import { EnvelopeDto } from '@memories/nest-common';

// The gateway validated each request with the same classes; the service checks again what reaches the bus.

export class OnThisDayEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => OnThisDayQueryDto)
  payload!: OnThisDayQueryDto;
}

export class CalendarEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => CalendarQueryDto)
  payload!: CalendarQueryDto;
}

export class TimelineEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => TimelineQueryDto)
  payload!: TimelineQueryDto;
}

export class WritingStatsEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => WritingStatsQueryDto)
  payload!: WritingStatsQueryDto;
}

export class JournalFilterEnvelopeDto extends EnvelopeDto {
  @ValidateNested()
  @Type(() => JournalFilterDto)
  payload!: JournalFilterDto;
}
