import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  MEMORY_REDISCOVERY_SUBJECTS,
  type CalendarDay,
  type MemorySummary,
  type MemoryYear,
  type OnThisDayMemory,
  type TimelinePage,
  type WritingStats,
} from '@memories/contracts';
import { BusHandler, EmptyEnvelopeDto } from '@memories/nest-common';
import {
  CalendarEnvelopeDto,
  JournalFilterEnvelopeDto,
  OnThisDayEnvelopeDto,
  TimelineEnvelopeDto,
  WritingStatsEnvelopeDto,
} from './rediscovery-envelope.dto';
import { RediscoveryService } from './rediscovery.service';

/** Bus entry points for looking back: one line each, the rules live in RediscoveryService. */
@BusHandler()
export class RediscoveryHandler {
  constructor(private readonly rediscovery: RediscoveryService) {}

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.onThisDay)
  onThisDay(@Payload() { payload, ...context }: OnThisDayEnvelopeDto): Promise<OnThisDayMemory[]> {
    return this.rediscovery.onThisDay(context, payload);
  }

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.calendar)
  calendar(@Payload() { payload, ...context }: CalendarEnvelopeDto): Promise<CalendarDay[]> {
    return this.rediscovery.calendar(context, payload);
  }

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.timeline)
  timeline(@Payload() { payload, ...context }: TimelineEnvelopeDto): Promise<TimelinePage> {
    return this.rediscovery.timeline(context, payload);
  }

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.years)
  years(@Payload() { payload, ...context }: JournalFilterEnvelopeDto): Promise<MemoryYear[]> {
    return this.rediscovery.years(context, payload);
  }

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.stats)
  stats(@Payload() { payload, ...context }: WritingStatsEnvelopeDto): Promise<WritingStats> {
    return this.rediscovery.stats(context, payload);
  }

  @MessagePattern(MEMORY_REDISCOVERY_SUBJECTS.random)
  random(@Payload() { payload: _payload, ...context }: EmptyEnvelopeDto): Promise<MemorySummary | null> {
    return this.rediscovery.random(context);
  }
}
