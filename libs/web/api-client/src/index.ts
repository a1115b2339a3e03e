export { createApiClient, DEFAULT_TIMEOUT_MS, INVALID_RESPONSE_MESSAGE, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE } from './api-client';
export type { AccessTokenProvider, ApiClient, ApiClientOptions, ApiRequestOptions, HttpMethod, QueryValue } from './api-client';
export { apiClient } from './default-api-client';
export { ApiError } from './api-error';
export type { ApiErrorInit, ApiErrorKind } from './api-error';
export { extractServerMessage } from './extract-server-message';
