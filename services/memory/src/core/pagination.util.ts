import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, type PageRequest } from '@memories/contracts';
import type { PageWindow } from './memory.record';

export function toPageWindow(request: PageRequest): PageWindow & { page: number; size: number } {
  const page = request.page ?? DEFAULT_PAGE;
  const size = request.size ?? DEFAULT_PAGE_SIZE;
  return { page, size, offset: page * size, limit: size };
}

export { toPagination } from '@memories/contracts';
