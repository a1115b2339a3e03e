export { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto, SearchQueryDto, ShareBodyDto } from './memory-request.dto';
export { MemoryDto } from './memory-response.dto';
export { UserSummaryDto } from './user-summary-response.dto';
