export { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto, SearchQueryDto, ShareBodyDto } from './memory-request.dto';
export { calendarDayTime, CalendarQueryDto, OnThisDayQueryDto, TimelineQueryDto, WritingStatsQueryDto } from './rediscovery-request.dto';
