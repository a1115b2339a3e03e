import { Injectable } from '@nestjs/common';
import {
  MEMORY_REDISCOVERY_SUBJECTS,
  type ApiSuccess,
  type CalendarDay,
  type CalendarQuery,
  type JournalFilter,
  type MemorySummary,
  type MemoryYear,
  type MessageContext,
  type OnThisDayMemory,
  type OnThisDayQuery,
  type TimelinePage,
  type TimelineQuery,
  type WritingStats,
  type WritingStatsQuery,
} from '@memories/contracts';
import { BusClient } from '@memories/nest-common';
import { okJson } from '../http/api-response.util';
import type { JsonReply } from '../http/json-reply';

/**
 * The rediscovery endpoints over the bus: the memory service answers each, the gateway wraps its JSON in the envelope
 * as it came.
 */
@Injectable()
export class RediscoveryService {
  constructor(private readonly bus: BusClient) {}

  async onThisDay(context: MessageContext, query: OnThisDayQuery): Promise<JsonReply<ApiSuccess<OnThisDayMemory[]>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.onThisDay, { ...query }, context));
  }

  async calendar(context: MessageContext, query: CalendarQuery): Promise<JsonReply<ApiSuccess<CalendarDay[]>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.calendar, { ...query }, context));
  }

  async timeline(context: MessageContext, query: TimelineQuery): Promise<JsonReply<ApiSuccess<TimelinePage>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.timeline, { ...query }, context));
  }

  async years(context: MessageContext, filter: JournalFilter): Promise<JsonReply<ApiSuccess<MemoryYear[]>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.years, { ...filter }, context));
  }

  async stats(context: MessageContext, query: WritingStatsQuery): Promise<JsonReply<ApiSuccess<WritingStats>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.stats, { ...query }, context));
  }

  async random(context: MessageContext): Promise<JsonReply<ApiSuccess<MemorySummary | null>>> {
    return okJson(await this.bus.requestJson(MEMORY_REDISCOVERY_SUBJECTS.random, {}, context));
  }
}
