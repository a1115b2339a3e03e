import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
import {
  calendarDayTime,
  MAX_CALENDAR_DAYS,
  MAX_TIMELINE_PAGE_SIZE,
  type CalendarQuery,
  type JournalFilter,
  type OnThisDayQuery,
  type TimelineQuery,
  type WritingStatsQuery,
} from '@memories/contracts';

const DAY_MS = 86_400_000;

// Shared with the search syntax (`before:`, `after:`), which the browser reads too; exported here as before.
export { calendarDayTime };

/** A real calendar day written `yyyy-MM-dd`. */
export function IsCalendarDay(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDay',
    validator: {
      validate: (value: unknown) => calendarDayTime(value) !== undefined,
      defaultMessage: (args?: ValidationArguments) => `${args?.property ?? 'date'} must be a day written yyyy-MM-dd`,
    },
  });
}

/** `to` is on or after `from`, at most MAX_CALENDAR_DAYS days in all (checked only once both are real days). */
function IsCalendarRangeEnd(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarRangeEnd',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const from = calendarDayTime((args?.object as { from?: unknown } | undefined)?.from);
        const to = calendarDayTime(value);
        if (from === undefined || to === undefined) return true;
        const days = (to - from) / DAY_MS + 1;
        return days >= 1 && days <= MAX_CALENDAR_DAYS;
      },
      defaultMessage: () => `to must be on or after from, at most ${MAX_CALENDAR_DAYS} days later`,
    },
  });
}

const TODAY = { example: '2026-05-01', description: 'Today as the caller sees it (yyyy-MM-dd)' };

/** `?journalId=`: one journal's memories, by every member, instead of the caller's own. */
export class JournalFilterDto implements JournalFilter {
  @ApiPropertyOptional({ format: 'uuid', description: "One journal's memories (by every member) instead of yours" })
  @IsOptional()
  @IsUUID('all', { message: 'journalId must be a journal id (UUID)' })
  journalId?: string;
}

/** `GET /memories/on-this-day?date=`. */
export class OnThisDayQueryDto extends JournalFilterDto implements OnThisDayQuery {
  @ApiProperty(TODAY)
  @IsCalendarDay()
  date!: string;
}

/** `GET /memories/calendar?from=&to=`: both days included. */
export class CalendarQueryDto extends JournalFilterDto implements CalendarQuery {
  @ApiProperty({ example: '2026-05-01' })
  @IsCalendarDay()
  from!: string;

  @ApiProperty({ example: '2026-05-31', description: `On or after from, at most ${MAX_CALENDAR_DAYS} days in all` })
  @IsCalendarDay()
  @IsCalendarRangeEnd()
  to!: string;
}

/** `GET /memories/timeline`: newest first, one page after another by `cursor`, or from the day `until`. */
export class TimelineQueryDto extends JournalFilterDto implements TimelineQuery {
  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: MAX_TIMELINE_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @Min(1)
  @Max(MAX_TIMELINE_PAGE_SIZE)
  @IsInt()
  size?: number;

  @ApiPropertyOptional({ description: 'nextCursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'cursor must be the nextCursor of a timeline page' })
  cursor?: string;

  @ApiPropertyOptional({
    example: '2023-12-31',
    description: 'Start at this day (included), e.g. the last day of a year',
  })
  @IsOptional()
  @IsCalendarDay()
  until?: string;
}

/** `GET /memories/stats?date=`. */
export class WritingStatsQueryDto extends JournalFilterDto implements WritingStatsQuery {
  @ApiProperty(TODAY)
  @IsCalendarDay()
  date!: string;
}
