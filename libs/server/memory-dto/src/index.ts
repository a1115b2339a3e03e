export { ListQueryDto, MemoryBodyDto, MemoryIdParams, PageQueryDto, SearchQueryDto, ShareBodyDto } from './memory-request.dto';
