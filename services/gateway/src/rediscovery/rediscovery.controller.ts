import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  JOURNAL_ERROR_CODES,
  MEMORY_REDISCOVERY_ERROR_CODES,
  type ApiSuccess,
  type CalendarDay,
  type MemorySummary,
  type MemoryYear,
  type OnThisDayMemory,
  type TimelinePage,
  type WritingStats,
  type CallerContext,
} from '@memories/contracts';
import {
  CalendarDayDto,
  CalendarQueryDto,
  JournalFilterDto,
  MemorySummaryDto,
  MemoryYearDto,
  OnThisDayMemoryDto,
  OnThisDayQueryDto,
  TimelinePageDto,
  TimelineQueryDto,
  WritingStatsDto,
  WritingStatsQueryDto,
} from '@memories/memory-dto';
import { Caller } from '../http/caller.decorator';
import type { JsonReply } from '../http/json-reply';
import { ApiRoute } from '../openapi/api-route.decorator';
import { RediscoveryService } from './rediscovery.service';

/**
 * Looking back over the caller's own memories by their dates, or (with `journalId`) over one journal's that the caller
 * is a member of. Every route needs an access token; dates are calendar days `yyyy-MM-dd`, "today" as the caller's browser sees it.
 */
@ApiTags('memories')
@Controller('memories')
export class RediscoveryController {
  constructor(private readonly rediscovery: RediscoveryService) {}

  @Get('on-this-day')
  @ApiRoute({
    summary:
      'Memories dated on this month and day in earlier years (a Feb 29 also on Feb 28 of other years), newest first',
    data: [OnThisDayMemoryDto],
    errors: [JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND],
  })
  onThisDay(
    @Caller() caller: CallerContext,
    @Query() query: OnThisDayQueryDto,
  ): Promise<JsonReply<ApiSuccess<OnThisDayMemory[]>>> {
    return this.rediscovery.onThisDay(caller, query);
  }

  @Get('calendar')
  @ApiRoute({
    summary: 'How many memories each day from `from` to `to` has (days without any left out)',
    data: [CalendarDayDto],
    errors: [JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND],
  })
  calendar(
    @Caller() caller: CallerContext,
    @Query() query: CalendarQueryDto,
  ): Promise<JsonReply<ApiSuccess<CalendarDay[]>>> {
    return this.rediscovery.calendar(caller, query);
  }

  @Get('timeline')
  @ApiRoute({
    summary: 'Memories newest first by their date, a page at a time (pass nextCursor back as cursor)',
    data: TimelinePageDto,
    errors: [MEMORY_REDISCOVERY_ERROR_CODES.MEMORY_CURSOR_INVALID, JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND],
  })
  timeline(
    @Caller() caller: CallerContext,
    @Query() query: TimelineQueryDto,
  ): Promise<JsonReply<ApiSuccess<TimelinePage>>> {
    return this.rediscovery.timeline(caller, query);
  }

  @Get('years')
  @ApiRoute({
    summary: 'The years with memories, newest first, with how many each has',
    data: [MemoryYearDto],
    errors: [JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND],
  })
  years(
    @Caller() caller: CallerContext,
    @Query() query: JournalFilterDto,
  ): Promise<JsonReply<ApiSuccess<MemoryYear[]>>> {
    return this.rediscovery.years(caller, query);
  }

  @Get('stats')
  @ApiRoute({
    summary: 'Writing stats: totals, current and longest streak of days, memories per month',
    data: WritingStatsDto,
    errors: [JOURNAL_ERROR_CODES.JOURNAL_NOT_FOUND],
  })
  stats(
    @Caller() caller: CallerContext,
    @Query() query: WritingStatsQueryDto,
  ): Promise<JsonReply<ApiSuccess<WritingStats>>> {
    return this.rediscovery.stats(caller, query);
  }

  @Get('random')
  @ApiRoute({
    summary: '"Surprise me": one of the caller\'s memories at random, or null when they have none',
    data: MemorySummaryDto,
    nullable: true,
  })
  random(@Caller() caller: CallerContext): Promise<JsonReply<ApiSuccess<MemorySummary | null>>> {
    return this.rediscovery.random(caller);
  }
}
