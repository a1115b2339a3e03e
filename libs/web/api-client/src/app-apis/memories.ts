import { apiClient } from '@memories/web-api-client/app-client';
import { createMemoriesApi } from '../memories/memories-api';
import { createMemoryVersionsApi } from '../memories/memory-versions-api';
import { createRediscoveryApi } from '../memories/rediscovery-api';

/** The memory calls of spec section 7 through the app-wide client. */
export const memoriesApi = createMemoriesApi(apiClient);
/** A memory's version history through the app-wide client. */
export const memoryVersionsApi = createMemoryVersionsApi(apiClient);
/** Looking back over the caller's memories (On This Day, calendar, timeline, stats) through the app-wide client. */
export const rediscoveryApi = createRediscoveryApi(apiClient);
