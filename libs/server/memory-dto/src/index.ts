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
  JournalFilterDto,
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
export {
  Argon2idParametersDto,
  JournalKeyEnvelopeDto,
  MAX_SEALED_IMAGES,
  PassphraseWrappedKeyDto,
  RecoveryKeyParametersDto,
  RecoveryWrappedKeyDto,
  SealedMemoryDto,
} from './journal-key.dto';
export {
  CreateJournalDto,
  DeleteJournalQueryDto,
  JournalIdParams,
  JournalMemberBodyDto,
  JournalMemberParams,
  JournalMemberRoleDto,
  RekeyJournalDto,
  UpdateJournalDto,
} from './journal-request.dto';
export { DeletedJournalDto, JournalDto, JournalMemberDto } from './journal-response.dto';
