import { ApiProperty } from '@nestjs/swagger';
import type { CalendarDay, MemorySummary, MemoryYear, MonthCount, OnThisDayMemory, TimelinePage, WritingStats } from '@memories/contracts';
import { successResponseOf } from '../http/api-envelope.responses';

// OpenAPI shapes of the rediscovery answers (the types themselves are the contracts' interfaces).

export class MemorySummaryResponse implements MemorySummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({ description: 'The thumbnail, else the first image of the content, else empty' }) imageUrl!: string;
  @ApiProperty() isDraft!: boolean;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ description: 'The beginning of the text, cut after a word with "…"' }) excerpt!: string;
}

export class OnThisDayMemoryResponse extends MemorySummaryResponse implements OnThisDayMemory {
  @ApiProperty({ example: 3 }) yearsAgo!: number;
}

export class CalendarDayResponse implements CalendarDay {
  @ApiProperty({ example: '2024-05-01' }) date!: string;
  @ApiProperty({ example: 2 }) count!: number;
}

export class TimelinePageResponse implements TimelinePage {
  @ApiProperty({ type: [MemorySummaryResponse] }) entries!: MemorySummaryResponse[];
  @ApiProperty({ type: String, nullable: true, description: 'The cursor of the next page; null on the last page' }) nextCursor!: string | null;
}

export class MemoryYearResponse implements MemoryYear {
  @ApiProperty({ example: 2024 }) year!: number;
  @ApiProperty({ example: 120 }) count!: number;
}

class MonthCountResponse implements MonthCount {
  @ApiProperty({ example: '2024-05' }) month!: string;
  @ApiProperty() count!: number;
}

export class WritingStatsResponse implements WritingStats {
  @ApiProperty() totalMemories!: number;
  @ApiProperty() totalWords!: number;
  @ApiProperty({ description: 'Days in a row with a memory up to today, or up to yesterday while today has none yet' }) currentStreak!: number;
  @ApiProperty() longestStreak!: number;
  @ApiProperty({ type: [MonthCountResponse], description: 'The twelve months up to the current one, oldest first' }) perMonth!: MonthCountResponse[];
}

export const OnThisDayAnswer = successResponseOf('OnThisDayAnswer', OnThisDayMemoryResponse, { isArray: true });
export const CalendarAnswer = successResponseOf('CalendarAnswer', CalendarDayResponse, { isArray: true });
export const TimelineAnswer = successResponseOf('TimelineAnswer', TimelinePageResponse);
export const YearsAnswer = successResponseOf('YearsAnswer', MemoryYearResponse, { isArray: true });
export const WritingStatsAnswer = successResponseOf('WritingStatsAnswer', WritingStatsResponse);
export const RandomMemoryAnswer = successResponseOf('RandomMemoryAnswer', MemorySummaryResponse, { nullable: true });
