/** Body of every successful gateway answer. */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message?: string;
  pagination?: ApiPagination;
}

/** Body of every failed gateway answer. */
export interface ApiFailure {
  success: false;
  message: string;
  error: { code: string; detail?: unknown };
}

/** The spec's pagination object (section 3). */
export interface ApiPagination {
  currentPage: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
  hasPrevious: boolean;
  hasNext: boolean;
}
