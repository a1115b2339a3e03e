export {
  ListQueryDto,
  MemoryBodyDto,
  MemoryIdParams,
  PageQueryDto,
  SearchQueryDto,
  ShareBodyDto,
} from './memory-request.dto';
export {
  calendarDayTime,
  CalendarQueryDto,
  OnThisDayQueryDto,
  TimelineQueryDto,
  WritingStatsQueryDto,
} from './rediscovery-request.dto';
export {
  CalendarDayDto,
  MemorySearchHitDto,
  MemorySearchInfoDto,
  MemorySummaryDto,
  MemoryYearDto,
  OnThisDayMemoryDto,
  TimelinePageDto,
  WritingStatsDto,
} from './rediscovery-response.dto';
export { MemoryVersionParams, UpdateMemoryQueryDto } from './memory-version-request.dto';
export { MemoryDto } from './memory-response.dto';
export { UserSummaryDto } from './user-summary-response.dto';
export {
  MemoryVersionContentDto,
  MemoryVersionDto,
  MemoryVersionSummaryDto,
  RestoredMemoryVersionDto,
} from './memory-version-response.dto';
export {
  CreatePromptBodyDto,
  PromptIdParams,
  RandomPromptQueryDto,
  ReminderContextQueryDto,
  SaveTemplateBodyDto,
  TodayPromptQueryDto,
} from './prompt-request.dto';
