import type { Memory, Pagination } from '@memories/contracts';

// Apart from the memory calls: the journals' calls list memories too, and a page that loads only those should not
// carry the memory calls with them (each area's calls are a chunk of their own).

/** A page of memories with the server's pagination object. */
export interface MemoryList {
  memories: Memory[];
  pagination: Pagination;
}

// A list answer always carries pagination; if a proxy strips it, describe the one page we got instead of failing.
export function listFrom<T extends Memory>(
  data: T[],
  pagination: Pagination | undefined,
): { memories: T[]; pagination: Pagination } {
  return {
    memories: data,
    pagination: pagination ?? {
      currentPage: 0,
      pageSize: data.length,
      totalPages: data.length > 0 ? 1 : 0,
      totalElements: data.length,
      hasPrevious: false,
      hasNext: false,
    },
  };
}
