import type {
  MemoryVersion,
  MemoryVersionSummary,
  PageRequest,
  Pagination,
  RestoredMemoryVersion,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { MemoryCallOptions } from './memories-api';

/** Shown when a history call fails and the server gives no message; each text lives here once. */
export const MEMORY_VERSION_FALLBACK_MESSAGES = {
  list: 'The history could not be loaded',
  get: 'This version could not be loaded',
  restore: 'This version could not be restored',
} as const;

export interface MemoryVersionList {
  versions: MemoryVersionSummary[];
  pagination?: Pagination;
}

/** A memory's version history (owner only; anyone else gets 404). Every failure rejects with an `ApiError`. */
export interface MemoryVersionsApi {
  list(memoryId: string, page: PageRequest, options?: MemoryCallOptions): Promise<MemoryVersionList>;
  get(memoryId: string, versionId: string, options?: MemoryCallOptions): Promise<MemoryVersion>;
  /** Makes the version current; the answer names the version that undoes it. */
  restore(
    memoryId: string,
    versionId: string,
    options?: MemoryCallOptions,
  ): Promise<RestoredMemoryVersion & { message?: string }>;
}

const versionsPath = (memoryId: string) => `/memories/memory/${encodeURIComponent(memoryId)}/versions`;

export function createMemoryVersionsApi(client: ApiClient): MemoryVersionsApi {
  const fallback = MEMORY_VERSION_FALLBACK_MESSAGES;
  return {
    list: async (memoryId, page, options) => {
      const answer = await client.get<MemoryVersionSummary[]>(versionsPath(memoryId), {
        ...options,
        query: { ...page },
        fallbackMessage: fallback.list,
      });
      return { versions: answer.data, pagination: answer.pagination };
    },
    get: async (memoryId, versionId, options) =>
      (
        await client.get<MemoryVersion>(`${versionsPath(memoryId)}/${encodeURIComponent(versionId)}`, {
          ...options,
          fallbackMessage: fallback.get,
        })
      ).data,
    restore: async (memoryId, versionId, options) => {
      const answer = await client.post<RestoredMemoryVersion>(
        `${versionsPath(memoryId)}/${encodeURIComponent(versionId)}/restore`,
        undefined,
        {
          ...options,
          fallbackMessage: fallback.restore,
        },
      );
      return { ...answer.data, message: answer.message };
    },
  };
}
