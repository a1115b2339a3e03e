import type { Pagination } from './api-response';

/** The spec's pagination object of a zero-based page of `size` items out of `total`. */
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
