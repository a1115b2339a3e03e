/** A memory row as the repository reads it (dates already formatted by PostgreSQL). */
export interface MemoryRecord {
  id: string;
  userId: string;
  userEmail: string;
  title: string;
  /** `yyyy-MM-ddTHH:mm:ss`, no zone: the memory's own calendar date and time. */
  date: string;
  contentJson: string;
  contentHtml: string;
  tags: string[];
  isDraft: boolean;
  thumbnailUrl: string;
  imageSources: string[];
  sharedWith: string[];
  wordCount: number;
  readingTime: number;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** What create and update write: everything the server derives from the client's input. */
export interface MemoryWrite {
  title: string;
  date: string;
  contentJson: string;
  contentHtml: string;
  contentText: string;
  tags: string[];
  isDraft: boolean;
  thumbnailUrl: string;
  imageSources: string[];
  wordCount: number;
  readingTime: number;
}

export interface MemoryListFilter {
  title?: string;
  tags?: string[];
  /** Inclusive lower and exclusive upper bound, `yyyy-MM-ddTHH:mm:ss`. */
  dateFrom?: string;
  dateBefore?: string;
  isDraft?: boolean;
  sortBy: 'createdAt' | 'title';
  sortDirection: 'asc' | 'desc';
}

export interface MemorySearchFilter {
  /** A to_tsquery expression built from sanitised words, or undefined. */
  all?: string;
  title?: string;
  content?: string;
  tags?: string[];
}

export interface PageWindow {
  offset: number;
  limit: number;
}

export interface RecordPage {
  records: MemoryRecord[];
  total: number;
}
