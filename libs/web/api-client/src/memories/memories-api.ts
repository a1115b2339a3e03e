import {
  IDEMPOTENCY_KEY_HEADER,
  type Memory,
  type MemoryInput,
  type MemoryListQuery,
  type MemorySearchAnswer,
  type MemorySearchHit,
  type MemorySearchInfo,
  type MemorySearchQuery,
  type PageRequest,
  type Pagination,
  type UserSummary,
} from '@memories/contracts';
import type { ApiClient, ApiRequestOptions } from '../api-client';
import { MEMORY_FALLBACK_MESSAGES } from './memory-fallback-messages';
import { listFrom, type MemoryList } from './memory-list';

export type { MemoryList } from './memory-list';

/** What a caller may add to a memory call. */
export type MemoryCallOptions = Pick<ApiRequestOptions, 'signal'>;

export interface CreateMemoryOptions extends MemoryCallOptions {
  /**
   * The same key for every attempt to create one memory: the server then answers a repeated create (after a lost
   * answer or a timeout) with the memory the first attempt made instead of making a second one.
   */
  idempotencyKey?: string;
}

export interface UpdateMemoryOptions extends MemoryCallOptions {
  /** The editor's automatic save: auto-saves within a few minutes keep one version in the history. */
  autoSave?: boolean;
}

/** A page of search hits, with the search's own information (a "Did you mean" suggestion, matches left out). */
export interface MemorySearchResult extends MemorySearchInfo {
  memories: MemorySearchHit[];
  pagination: Pagination;
}

/** A memory together with the server's success message (shown as the notice, spec section 8). */
export interface MemoryWithMessage {
  memory: Memory;
  message?: string;
}

/** One function per memory call of spec section 7 (base path /api). Every failure rejects with an `ApiError`. */
export interface MemoriesApi {
  create(memory: MemoryInput, options?: CreateMemoryOptions): Promise<MemoryWithMessage>;
  update(id: string, memory: MemoryInput, options?: UpdateMemoryOptions): Promise<MemoryWithMessage>;
  listMine(query: MemoryListQuery, options?: MemoryCallOptions): Promise<MemoryList>;
  listShared(query: PageRequest, options?: MemoryCallOptions): Promise<MemoryList>;
  get(id: string, options?: MemoryCallOptions): Promise<Memory>;
  remove(id: string, options?: MemoryCallOptions): Promise<string | undefined>;
  publish(id: string, options?: MemoryCallOptions): Promise<MemoryWithMessage>;
  search(query: MemorySearchQuery, options?: MemoryCallOptions): Promise<MemorySearchResult>;
  tags(options?: MemoryCallOptions): Promise<string[]>;
  share(id: string, userIds: string[], options?: MemoryCallOptions): Promise<string | undefined>;
  /** Who the memory is shared with (owner only), in the order they were added. */
  recipients(id: string, options?: MemoryCallOptions): Promise<UserSummary[]>;
  /** Stops sharing the memory with one user; answers the server's message. */
  unshare(id: string, userId: string, options?: MemoryCallOptions): Promise<string | undefined>;
  /** Spec section 7, Uploads: asks the server to delete these uploaded images if nothing uses them any more. */
  cleanupImages(imageUrls: string[], options?: MemoryCallOptions): Promise<void>;
}

const path = (id: string) => `/memories/memory/${encodeURIComponent(id)}`;

export function createMemoriesApi(client: ApiClient): MemoriesApi {
  const fallback = MEMORY_FALLBACK_MESSAGES;
  return {
    create: async (memory, { idempotencyKey, ...options } = {}) => {
      const headers = idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined;
      const answer = await client.post<Memory>('/memories/memory', memory, {
        ...options,
        headers,
        fallbackMessage: fallback.create,
      });
      return { memory: answer.data, message: answer.message };
    },
    update: async (id, memory, { autoSave, ...options } = {}) => {
      const query = autoSave ? { autoSave: true } : undefined;
      const answer = await client.put<Memory>(path(id), memory, {
        ...options,
        query,
        fallbackMessage: fallback.update,
      });
      return { memory: answer.data, message: answer.message };
    },
    listMine: async (query, options) => {
      const answer = await client.get<Memory[]>('/memories/my', {
        ...options,
        query: { ...query },
        fallbackMessage: fallback.listMine,
      });
      return listFrom(answer.data, answer.pagination);
    },
    listShared: async (query, options) => {
      const answer = await client.get<Memory[]>('/memories/shared', {
        ...options,
        query: { ...query },
        fallbackMessage: fallback.listShared,
      });
      return listFrom(answer.data, answer.pagination);
    },
    get: async (id, options) =>
      (await client.get<Memory>(path(id), { ...options, fallbackMessage: fallback.get })).data,
    remove: async (id, options) =>
      (await client.delete<null>(path(id), { ...options, fallbackMessage: fallback.delete })).message,
    publish: async (id, options) => {
      const answer = await client.post<Memory>(`${path(id)}/publish`, undefined, {
        ...options,
        fallbackMessage: fallback.publish,
      });
      return { memory: answer.data, message: answer.message };
    },
    search: async (query, options) => {
      const answer = (await client.get<MemorySearchHit[]>('/memories/search', {
        ...options,
        query: { ...query },
        fallbackMessage: fallback.search,
      })) as MemorySearchAnswer;
      const { memories, pagination } = listFrom(answer.data, answer.pagination);
      return {
        memories,
        pagination,
        limited: answer.limited === true,
        ...(answer.suggestion ? { suggestion: answer.suggestion } : {}),
      };
    },
    tags: async (options) =>
      (await client.get<string[]>('/memories/tags', { ...options, fallbackMessage: fallback.tags })).data,
    share: async (id, userIds, options) =>
      (await client.post<Memory>(`${path(id)}/share`, { userIds }, { ...options, fallbackMessage: fallback.share }))
        .message,
    recipients: async (id, options) =>
      (await client.get<UserSummary[]>(`${path(id)}/share`, { ...options, fallbackMessage: fallback.recipients })).data,
    unshare: async (id, userId, options) =>
      (
        await client.delete<Memory>(`${path(id)}/share/${encodeURIComponent(userId)}`, {
          ...options,
          fallbackMessage: fallback.unshare,
        })
      ).message,
    // The spec tolerates a failed clean-up silently, so it names no fallback message; callers only log it.
    cleanupImages: async (imageUrls, options) => {
      await client.post<unknown>('/memories/cleanup-images', { imageUrls }, options);
    },
  };
}
