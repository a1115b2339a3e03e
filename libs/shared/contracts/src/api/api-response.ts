/** Pagination of list answers (spec section 3): pages are zero-based. */
export interface Pagination {
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Every successful HTTP answer of the gateway. */
export interface ApiSuccess<TData> {
  success: true;
  data: TData;
  message?: string;
  pagination?: Pagination;
}

/** Every failed HTTP answer of the gateway; never carries a stack trace. */
export interface ApiFailure {
  success: false;
  message: string;
  error: { code: string; detail?: unknown };
}

export type ApiResponse<TData> = ApiSuccess<TData> | ApiFailure;
