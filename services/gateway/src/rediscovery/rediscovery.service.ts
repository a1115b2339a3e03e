import { Injectable } from '@nestjs/common';
import {
  MEMORY_REDISCOVERY_SUBJECTS,
  type ApiSuccess,
  type CalendarDay,
  type CalendarQuery,
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
import { ok } from '../http/api-response.util';

/** The rediscovery endpoints over the bus: the memory service answers each, the gateway wraps it in the envelope. */
@Injectable()
export class RediscoveryService {
  constructor(private readonly bus: BusClient) {}

  async onThisDay(context: MessageContext, query: OnThisDayQuery): Promise<ApiSuccess<OnThisDayMemory[]>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.onThisDay, { ...query }, context));
  }

  async calendar(context: MessageContext, query: CalendarQuery): Promise<ApiSuccess<CalendarDay[]>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.calendar, { ...query }, context));
  }

  async timeline(context: MessageContext, query: TimelineQuery): Promise<ApiSuccess<TimelinePage>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.timeline, { ...query }, context));
  }

  async years(context: MessageContext): Promise<ApiSuccess<MemoryYear[]>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.years, {}, context));
  }

  async stats(context: MessageContext, query: WritingStatsQuery): Promise<ApiSuccess<WritingStats>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.stats, { ...query }, context));
  }

  async random(context: MessageContext): Promise<ApiSuccess<MemorySummary | null>> {
    return ok(await this.bus.request(MEMORY_REDISCOVERY_SUBJECTS.random, {}, context));
  }
}
