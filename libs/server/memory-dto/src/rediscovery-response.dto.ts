import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  CalendarDay,
  MemoryMood,
  MemorySearchHit,
  MemorySearchInfo,
  MemorySummary,
  MemoryYear,
  MonthCount,
  OnThisDayMemory,
  TimelinePage,
  WritingStats,
} from '@memories/contracts';
import { MAX_MOOD, MIN_MOOD, SEARCH_RESULT_LIMIT } from '@memories/contracts';
import { SealedMemoryDto } from './journal-key.dto';
import { MOOD_PROPERTY } from './memory-plain-fields.dto';
import { MemoryDto } from './memory-response.dto';

// The API document's schemas of the search's and the looking-back routes' answers.

export class MemorySearchHitDto extends MemoryDto implements MemorySearchHit {
  @ApiProperty({
    description: 'Where the words matched: escaped text with the matched words in <mark>, and no other markup',
    example: '… we walked to the <mark>lighthouse</mark> at dawn …',
  })
  highlight!: string;
}

export class MemorySearchInfoDto implements MemorySearchInfo {
  @ApiPropertyOptional({
    description: "When nothing matched: the query with misspelt words replaced by the caller's own words",
    example: 'mountain lake',
  })
  suggestion?: string;

  @ApiProperty({
    description: `More memories matched than the ${SEARCH_RESULT_LIMIT} a search considers`,
    example: false,
  })
  limited!: boolean;
}

export class MemorySummaryDto implements MemorySummary {
  @ApiProperty({ format: 'uuid', example: '3d2f0f7e-8a4b-5c1d-9e6f-0a1b2c3d4e5f' }) id!: string;
  @ApiProperty({
    format: 'uuid',
    description: 'The journal it belongs to',
    example: '0b7d4c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
  })
  journalId!: string;
  @ApiProperty({ example: 'Harbour at dusk', description: 'Empty for a memory of a locked journal (see sealed)' })
  title!: string;
  @ApiProperty({ example: '2024-05-01T12:00:00' }) date!: string;
  @ApiProperty({
    description:
      'The thumbnail, else the first image of the content, else empty; always empty for a memory of a locked journal',
    example: '',
  })
  imageUrl!: string;
  @ApiProperty({ example: false }) isDraft!: boolean;
  @ApiProperty({ type: [String], example: ['sea'] }) tags!: string[];
  @ApiProperty({
    description: 'The beginning of the text, cut after a word with "…"; empty for a memory of a locked journal',
    example: 'Boats by the sea',
  })
  excerpt!: string;
  @ApiProperty({ ...MOOD_PROPERTY }) mood!: MemoryMood | null;
  @ApiPropertyOptional({
    type: SealedMemoryDto,
    description: 'Only on a memory of a locked journal, whose title, tags, excerpt and image are then empty',
  })
  sealed?: SealedMemoryDto;
}

export class OnThisDayMemoryDto extends MemorySummaryDto implements OnThisDayMemory {
  @ApiProperty({ type: 'integer', example: 3 }) yearsAgo!: number;
}

export class CalendarDayDto implements CalendarDay {
  @ApiProperty({ example: '2024-05-01' }) date!: string;
  @ApiProperty({ type: 'integer', example: 2 }) count!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: MIN_MOOD,
    maximum: MAX_MOOD,
    description: 'The average mood of the day’s memories that have one, to one decimal; null when none has',
    example: 4.5,
  })
  mood!: number | null;
}

export class TimelinePageDto implements TimelinePage {
  @ApiProperty({ type: [MemorySummaryDto] }) entries!: MemorySummaryDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Pass it back as `cursor` for the next page; null on the last page',
    example: null,
  })
  nextCursor!: string | null;
}

export class MemoryYearDto implements MemoryYear {
  @ApiProperty({ type: 'integer', example: 2024 }) year!: number;
  @ApiProperty({ type: 'integer', example: 120 }) count!: number;
}

class MonthCountDto implements MonthCount {
  @ApiProperty({ example: '2024-05' }) month!: string;
  @ApiProperty({ type: 'integer', example: 9 }) count!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    minimum: MIN_MOOD,
    maximum: MAX_MOOD,
    description: 'The average mood of the month’s memories that have one, to one decimal; null when none has',
    example: 3.7,
  })
  averageMood!: number | null;
}

export class WritingStatsDto implements WritingStats {
  @ApiProperty({ type: 'integer', example: 120 }) totalMemories!: number;
  @ApiProperty({ type: 'integer', example: 15230 }) totalWords!: number;
  @ApiProperty({
    type: 'integer',
    description: 'Days in a row with a memory up to today, or up to yesterday while today has none yet',
    example: 3,
  })
  currentStreak!: number;
  @ApiProperty({ type: 'integer', example: 12 }) longestStreak!: number;
  @ApiProperty({ type: [MonthCountDto], description: 'The twelve months up to the current one, oldest first' })
  perMonth!: MonthCountDto[];
}
