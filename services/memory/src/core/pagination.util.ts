import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type PageRequest, type Pagination } from '@memories/contracts';
import type { PageWindow } from './memory.record';

export function toPageWindow(request: PageRequest): PageWindow & { page: number; size: number } {
  const page = request.page ?? DEFAULT_PAGE;
  const size = request.size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: page * size, limit: size };
}

/** The spec's pagination object: zero-based pages. */
export function toPagination(page: number, size: number, total: number): Pagination {
  const totalPages = Math.ceil(total / size);
  return {
    currentPage: page,
    pageSize: size,
    totalPages,
    totalElements: total,
    hasPrevious: page > 0,
    hasNext: page + 1 < totalPages,
  };
}
