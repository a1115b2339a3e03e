import type { Memory } from './memory.types';
import type {
  CreateMemoryPayload,
  DeletedMemory,
  MemoryIdPayload,
  MemoryListQuery,
  MemoryPage,
  MemorySearchQuery,
  MemoryTagList,
  PageRequest,
  ShareMemoryPayload,
  UpdateMemoryPayload,
} from './memory-payloads';
import type { MemorySearchPage } from './memory-search';
import type {
  ImageReadablePayload,
  ImageReadableResult,
  ImagesReferencedPayload,
  ImagesReferencedResult,
} from './memory-image-payloads';
import type { MEMORY_SUBJECTS, USER_LOOKUP_SUBJECT } from './memory-subjects';
import type { UserLookupRequest, UserLookupResult } from './user-lookup.types';

/** Payload and result of every memory request subject (merged into `BusRequestMap`). */
export interface MemoryBusRequestMap {
  [MEMORY_SUBJECTS.create]: { payload: CreateMemoryPayload; result: Memory };
  [MEMORY_SUBJECTS.update]: { payload: UpdateMemoryPayload; result: Memory };
  [MEMORY_SUBJECTS.get]: { payload: MemoryIdPayload; result: Memory };
  [MEMORY_SUBJECTS.delete]: { payload: MemoryIdPayload; result: DeletedMemory };
  [MEMORY_SUBJECTS.publish]: { payload: MemoryIdPayload; result: Memory };
  [MEMORY_SUBJECTS.list]: { payload: MemoryListQuery; result: MemoryPage };
  [MEMORY_SUBJECTS.search]: { payload: MemorySearchQuery; result: MemorySearchPage };
  [MEMORY_SUBJECTS.tags]: { payload: Record<string, never>; result: MemoryTagList };
  [MEMORY_SUBJECTS.share]: { payload: ShareMemoryPayload; result: Memory };
  [MEMORY_SUBJECTS.shared]: { payload: PageRequest; result: MemoryPage };
  [MEMORY_SUBJECTS.imagesReferenced]: { payload: ImagesReferencedPayload; result: ImagesReferencedResult };
  [MEMORY_SUBJECTS.imageReadable]: { payload: ImageReadablePayload; result: ImageReadableResult };
  [USER_LOOKUP_SUBJECT]: { payload: UserLookupRequest; result: UserLookupResult };
}
