export type {
  ApiClient,
  ApiClientOptions,
  ApiRequestOptions,
  HttpMethod,
  QueryValue,
  RetrySettings,
  SessionConnection,
} from './api-client';
// The app-wide client and the calls over it: each a Module Federation singleton of its own (app-client.ts says why),
// so a page loads the calls it makes and no others.
export * from '@memories/web-api-client/app-client';
export { accountSecurityApi } from '@memories/web-api-client/app-apis/account-security';
export { adminApi } from '@memories/web-api-client/app-apis/admin';
export { authApi } from '@memories/web-api-client/app-apis/auth';
export { integrationsApi } from '@memories/web-api-client/app-apis/integrations';
export { journalsApi } from '@memories/web-api-client/app-apis/journals';
export { memoriesApi, memoryVersionsApi, rediscoveryApi } from '@memories/web-api-client/app-apis/memories';
export { promptsApi } from '@memories/web-api-client/app-apis/prompts';
export { remindersApi } from '@memories/web-api-client/app-apis/reminders';
export { transferApi } from '@memories/web-api-client/app-apis/transfer';
export { uploadsApi } from '@memories/web-api-client/app-apis/uploads';
export { usersApi } from '@memories/web-api-client/app-apis/users';
export type { ApiErrorInit, ApiErrorKind } from './api-error';
export { extractServerMessage } from './extract-server-message';
export { createAuthApi } from './auth/auth-api';
export type { AuthApi, AuthCallOptions } from './auth/auth-api';
export { AUTH_FALLBACK_MESSAGES, loginErrorMessage, registerErrorMessage } from './auth/auth-error-messages';
export { createMemoriesApi } from './memories/memories-api';
export type {
  CreateMemoryOptions,
  MemoriesApi,
  MemoryCallOptions,
  MemoryList,
  MemorySearchResult,
  MemoryWithMessage,
  UpdateMemoryOptions,
} from './memories/memories-api';
export { createRediscoveryApi, REDISCOVERY_FALLBACK_MESSAGES } from './memories/rediscovery-api';
export type { RediscoveryApi } from './memories/rediscovery-api';
export { MEMORY_FALLBACK_MESSAGES } from './memories/memory-fallback-messages';
export { createUploadsApi } from './uploads/uploads-api';
export type { UploadCallOptions, UploadsApi, UploadsApiOptions } from './uploads/uploads-api';
export { createTransferApi, fileNameOf, TRANSFER_FALLBACK_MESSAGES } from './transfer/transfer-api';
export type { DownloadedFile, ImportCallOptions, TransferApi, TransferApiOptions } from './transfer/transfer-api';
export { versionConflictOf } from './memories/version-conflict';
export { createUsersApi, USER_FALLBACK_MESSAGES } from './users/users-api';
export type { UserCallOptions, UsersApi } from './users/users-api';
export { ACCOUNT_SECURITY_FALLBACK_MESSAGES, createAccountSecurityApi } from './account-security/account-security-api';
export type {
  AccountSecurityApi,
  AccountSecurityCallOptions,
  WithMessage,
} from './account-security/account-security-api';
export { passkeyErrorMessage } from './account-security/passkey-error-message';
export { MEMORY_VERSION_FALLBACK_MESSAGES, createMemoryVersionsApi } from './memories/memory-versions-api';
export type { MemoryVersionList, MemoryVersionsApi } from './memories/memory-versions-api';
export { ADMIN_FALLBACK_MESSAGES, createAdminApi } from './admin/admin-api';
export type { AdminApi, AdminCallOptions, AdminUserPage } from './admin/admin-api';
export { createIntegrationsApi, INTEGRATIONS_FALLBACK_MESSAGES } from './integrations/integrations-api';
export type { IntegrationsApi } from './integrations/integrations-api';
export { createRemindersApi, REMINDERS_FALLBACK_MESSAGE } from './habit/reminders-api';
export type { RemindersApi } from './habit/reminders-api';
export { createPromptsApi, PROMPTS_FALLBACK_MESSAGES } from './habit/prompts-api';
export type { PromptsApi } from './habit/prompts-api';
export { createJournalsApi, JOURNAL_FALLBACK_MESSAGES } from './journals/journals-api';
export type { JournalsApi } from './journals/journals-api';
