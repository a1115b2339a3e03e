import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type {
  ApiSuccess,
  CalendarDay,
  MemorySummary,
  MemoryYear,
  MessageContext,
  OnThisDayMemory,
  TimelinePage,
  WritingStats,
} from '@memories/contracts';
import { CalendarQueryDto, OnThisDayQueryDto, TimelineQueryDto, WritingStatsQueryDto } from '@memories/memory-dto';
import { CurrentUserId } from '../auth/current-user-id.decorator';
import { ApiFailureResponse } from '../http/api-envelope.responses';
import { RequestContext } from '../http/request-context.decorator';
import { CalendarAnswer, OnThisDayAnswer, RandomMemoryAnswer, TimelineAnswer, WritingStatsAnswer, YearsAnswer } from './rediscovery.responses';
import { RediscoveryService } from './rediscovery.service';

const as = (context: MessageContext, userId: string): MessageContext => ({ ...context, userId });

/**
 * Looking back over the caller's own memories by their dates. Every route needs an access token and answers only
 * about the caller's memories; dates are calendar days `yyyy-MM-dd`, "today" as the caller's browser sees it.
 */
@ApiTags('memories')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'No valid access token', type: ApiFailureResponse })
@Controller('memories')
export class RediscoveryController {
  constructor(private readonly rediscovery: RediscoveryService) {}

  @Get('on-this-day')
  @ApiOperation({ summary: 'Memories dated on this month and day in earlier years (Feb 29 also on Feb 28 of other years), newest first' })
  @ApiOkResponse({ type: OnThisDayAnswer })
  @ApiBadRequestResponse({ type: ApiFailureResponse })
  onThisDay(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: OnThisDayQueryDto): Promise<ApiSuccess<OnThisDayMemory[]>> {
    return this.rediscovery.onThisDay(as(context, userId), query);
  }

  @Get('calendar')
  @ApiOperation({ summary: 'How many memories each day from `from` to `to` has (days without any left out)' })
  @ApiOkResponse({ type: CalendarAnswer })
  @ApiBadRequestResponse({ type: ApiFailureResponse })
  calendar(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: CalendarQueryDto): Promise<ApiSuccess<CalendarDay[]>> {
    return this.rediscovery.calendar(as(context, userId), query);
  }

  @Get('timeline')
  @ApiOperation({ summary: 'Memories newest first by their date, a page at a time (keyset: pass nextCursor back)' })
  @ApiOkResponse({ type: TimelineAnswer })
  @ApiBadRequestResponse({ type: ApiFailureResponse })
  timeline(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: TimelineQueryDto): Promise<ApiSuccess<TimelinePage>> {
    return this.rediscovery.timeline(as(context, userId), query);
  }

  @Get('years')
  @ApiOperation({ summary: 'The years with memories, newest first, with how many each has' })
  @ApiOkResponse({ type: YearsAnswer })
  years(@RequestContext() context: MessageContext, @CurrentUserId() userId: string): Promise<ApiSuccess<MemoryYear[]>> {
    return this.rediscovery.years(as(context, userId));
  }

  @Get('stats')
  @ApiOperation({ summary: 'Writing stats: totals, current and longest streak of days, memories per month' })
  @ApiOkResponse({ type: WritingStatsAnswer })
  @ApiBadRequestResponse({ type: ApiFailureResponse })
  stats(@RequestContext() context: MessageContext, @CurrentUserId() userId: string, @Query() query: WritingStatsQueryDto): Promise<ApiSuccess<WritingStats>> {
    return this.rediscovery.stats(as(context, userId), query);
  }

  @Get('random')
  @ApiOperation({ summary: '"Surprise me": one of the caller\'s memories at random, or null when they have none' })
  @ApiOkResponse({ type: RandomMemoryAnswer })
  random(@RequestContext() context: MessageContext, @CurrentUserId() userId: string): Promise<ApiSuccess<MemorySummary | null>> {
    return this.rediscovery.random(as(context, userId));
  }
}
