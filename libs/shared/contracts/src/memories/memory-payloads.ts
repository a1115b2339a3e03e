import type { Pagination } from '../api/api-response';
import type { MemorySearchSortField } from './memory-search';
import type { Memory, MemoryInput } from './memory.types';

/** Sort fields of `GET /memories/my` (spec section 9: newest/oldest by createdAt, title A-Z). */
export const MEMORY_SORT_FIELDS = ['createdAt', 'title'] as const;
export type MemorySortField = (typeof MEMORY_SORT_FIELDS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** Default API page and page size (spec section 9), and the largest page a caller may ask for. */
export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** Most tags one memory may carry, and the longest tag: bounds the row size and the tag index. */
export const MAX_TAGS_PER_MEMORY = 50;
export const MAX_TAG_LENGTH = 50;

/** Most users one share call may name. */
export const MAX_SHARE_USER_IDS = 100;

/** Longest search term accepted by `GET /memories/search`. */
export const MAX_SEARCH_TERM_LENGTH = 200;

export interface PageRequest {
  page?: number;
  size?: number;
}

/** `GET /memories/my`. `tags` matches memories carrying every listed tag. */
export interface MemoryListQuery extends PageRequest {
  title?: string;
  tags?: string[];
  /** Inclusive; `yyyy-MM-dd` or ISO date-time. A bare `dateTo` covers that whole day. */
  dateFrom?: string;
  dateTo?: string;
  isDraft?: boolean;
  sortBy?: MemorySortField;
  sortDirection?: SortDirection;
  /** Only the memories in this journal. */
  journalId?: string;
}

/**
 * `GET /memories/search`: `q` searches title and text with the search syntax (phrases, exclusions, OR, operators),
 * `title`/`content` one of them; the other filters as in the list.
 */
export interface MemorySearchQuery extends PageRequest {
  q?: string;
  title?: string;
  content?: string;
  tags?: string[];
  dateFrom?: string;
  dateTo?: string;
  isDraft?: boolean;
  sortBy?: MemorySearchSortField;
  sortDirection?: SortDirection;
  /** Only the memories in this journal (also `journal:` in `q`). */
  journalId?: string;
}

export interface MemoryIdPayload {
  id: string;
}

/** `ownerEmail` is filled by the gateway from the auth service's user lookup, never from the client. */
export interface CreateMemoryPayload {
  memory: MemoryInput;
  ownerEmail: string;
  /** The client's Idempotency-Key header: a create sent again with the same key answers the same memory. */
  idempotencyKey?: string;
}

/** The header of a create that the client may send again (lower case, as HTTP/2 and Fastify name headers). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Longest Idempotency-Key header accepted (a UUID needs 36 characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface UpdateMemoryPayload {
  id: string;
  memory: MemoryInput;
  /** `PUT ...?autoSave=true`, the editor's automatic save: auto-saves close together collapse into one kept version. */
  autoSave?: boolean;
}

/** The gateway has checked that every user id exists (auth.users.lookup) before sending. */
export interface ShareMemoryPayload {
  id: string;
  userIds: string[];
}

/** What a delete answers: the image sources the deleted memory used (also sent in its event). */
export interface DeletedMemory {
  id: string;
  imageSources: string[];
}

/** One page of memories: the gateway puts `items` in `data` and `pagination` next to it. */
export interface MemoryPage {
  items: Memory[];
  pagination: Pagination;
}

/**
 * A page of a journal, which may hold other members' memories. `allByCaller` comes first in its JSON text: when every
 * memory is the caller's, the gateway has no "Shared by" to add and passes the page on without parsing or reading it.
 */
export interface JournalMemoryPage extends MemoryPage {
  allByCaller: boolean;
}

export interface MemoryTagList {
  tags: string[];
}

/**
 * What may leave the instance about a memory (a webhook's `data`): never its content. The memory service builds it
 * in one place (`outboundMemoryOf`), which is where a locked journal's memory is kept to its id and date.
 */
export interface OutboundMemory {
  id: string;
  /** The memory's journal (its id); null only in messages recorded before journals. */
  journal: string | null;
  /** yyyy-MM-dd */
  date: string;
  title: string;
  tags: string[];
}

/**
 * Published on `memory.memory.created` and `memory.memory.updated` (events every interested service sees, never
 * queued): the notify service turns them into webhook deliveries.
 */
export interface MemoryChangedEvent {
  /** One per change: replicas of a consumer that both see the event record it once. */
  eventId: string;
  memoryId: string;
  ownerId: string;
  memory: OutboundMemory;
  occurredAt: string;
}

/**
 * Published on `memory.memory.deleted` (an event every interested service sees, never queued): the upload service
 * uses `imageSources` to clean up files no other memory references, the notify service tells webhooks.
 */
export interface MemoryDeletedEvent {
  memoryId: string;
  ownerId: string;
  imageSources: string[];
  deletedAt: string;
  eventId: string;
  memory: OutboundMemory;
}
