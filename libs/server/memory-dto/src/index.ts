export { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto, SearchQueryDto, ShareBodyDto } from './memory-request.dto';
export { MemoryVersionParams, UpdateMemoryQueryDto } from './memory-version-request.dto';
