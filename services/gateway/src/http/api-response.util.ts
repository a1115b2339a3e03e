import type { ApiSuccess, Pagination } from '@memories/contracts';

/** The success envelope of every gateway answer. */
export function ok<TData>(data: TData, extras: { message?: string; pagination?: Pagination } = {}): ApiSuccess<TData> {
  return { success: true, data, ...extras };
}
