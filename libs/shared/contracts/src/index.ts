export type { RemoteReleaseMetaData, RuntimeRemote, RuntimeRemoteList } from './runtime-remote-list';
export { RUNTIME_REMOTE_LIST_PATH } from './runtime-remote-list';
export { RUNTIME_REMOTE_NAMES, runtimeRemoteListFor } from './runtime-remote-names';
export type { RuntimeRemoteName } from './runtime-remote-names';
export { ROUTE_PREFETCH_ATTRIBUTE, ROUTE_PREFETCH_MARK, prefetchRoute } from './route-prefetch';
export { SERVICE_NAMES, SUBJECTS, HEALTH_CHECK_SUBJECTS, subjectOf } from './bus/subjects';
export type { ServiceName, SubjectPattern } from './bus/subjects';
export {
  BUS_EVENTS,
  BUS_GRANTS,
  BUS_USERS,
  SERVICE_ONLY_SUBJECTS,
  busInboxPrefix,
  natsAuthorization,
  natsPasswordVariable,
  natsServerEnvironment,
} from './bus/bus-permissions';
export type { BusGrant, BusUser } from './bus/bus-permissions';
export type { CallerContext, MessageEnvelope, MessageContext } from './bus/message-envelope';
export type { BusRequestMap, BusRequestSubject } from './bus/bus-request-map';
export type {
  HealthStatus,
  DependencyHealth,
  HealthCheckRequest,
  ServiceHealth,
  ServiceHealthEntry,
  SystemHealth,
} from './health/health.types';
export { ERROR_CODES } from './errors/error-codes';
export type { ErrorCode, RpcErrorPayload } from './errors/error-codes';
export type { Pagination, ApiSuccess, ApiFailure, ApiResponse } from './api/api-response';
export { toPagination } from './api/pagination';
export type { AuthUser } from './auth/auth-user';
export type {
  RegistrationPayload,
  LoginPayload,
  AuthSession,
  ProfileUpdatePayload,
  ChangePasswordPayload,
  EmailPayload,
  ResetPasswordPayload,
  TokenPayload,
} from './auth/auth-payloads';
export { REFRESH_COOKIE_NAME, AUTH_COOKIE_PATH, CLIENT_HEADER } from './auth/auth-http';
export {
  MIN_PASSWORD_LENGTH,
  EMAIL_PATTERN,
  PHONE_NUMBER_PATTERN,
  REGISTRATION_MESSAGES,
  validateProfileFields,
  validateRegistration,
  validateNewPassword,
} from './auth/registration-rules';
export type {
  NewPasswordErrors,
  NewPasswordFields,
  ProfileFields,
  RegistrationFields,
  RegistrationErrors,
} from './auth/registration-rules';
export type { Memory, MemoryInput } from './memories/memory.types';
export { MAX_MOOD, MEMORY_MOODS, MIN_MOOD, MOOD_VALIDATION_MESSAGE, isMemoryMood } from './memories/memory-mood';
export type { MemoryMood } from './memories/memory-mood';
export {
  MEMORY_SORT_FIELDS,
  SORT_DIRECTIONS,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  MAX_TAGS_PER_MEMORY,
  MAX_TAG_LENGTH,
  MAX_SHARE_USER_IDS,
  MAX_SEARCH_TERM_LENGTH,
  IDEMPOTENCY_KEY_HEADER,
  MAX_IDEMPOTENCY_KEY_LENGTH,
} from './memories/memory-payloads';
export type {
  MemorySortField,
  SortDirection,
  PageRequest,
  MemoryListQuery,
  MemorySearchQuery,
  MemoryIdPayload,
  CreateMemoryPayload,
  UpdateMemoryPayload,
  ShareMemoryPayload,
  MemoryPage,
  MemoryTagList,
  MemoryDeletedEvent,
  DeletedMemory,
} from './memories/memory-payloads';
export type {
  ImagesReferencedPayload,
  ImagesReferencedResult,
  ImageReadablePayload,
  ImageReadableResult,
} from './memories/memory-image-payloads';
export { MAX_IMAGE_URLS_PER_QUERY } from './memories/memory-image-payloads';
export {
  DEFAULT_TIME_OF_DAY,
  MEMORY_DELETE_CONFIRMATION,
  MEMORY_MESSAGES,
  MEMORY_VALIDATION_MESSAGES,
} from './memories/memory-messages';
export { MEMORY_ERROR_CODES } from './memories/memory-error-codes';
export type { MemoryErrorCode } from './memories/memory-error-codes';
export { MEMORY_SUBJECTS, MEMORY_EVENTS, USER_LOOKUP_SUBJECT } from './memories/memory-subjects';
export type { MemoryBusRequestMap } from './memories/memory-bus-request-map';
export type { UserLookupRequest, UserSummary, UserLookupResult } from './memories/user-lookup.types';
export { ACCESS_TOKEN_TYPE, ACCESS_TOKEN_ALGORITHM, DEFAULT_JWT_ISSUER, DEFAULT_JWT_AUDIENCE } from './auth/auth-bus';
export type {
  AccessTokenClaims,
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  SessionGrant,
} from './auth/auth-bus';
export { AUTH_ERROR_CODES, AUTH_MESSAGES } from './auth/auth-errors';
export {
  DEFAULT_OIDC_DISPLAY_NAME,
  DEFAULT_OIDC_SCOPES,
  DEFAULT_SIGN_IN_RETURN_PATH,
  LINKED_SIGN_IN_PATH,
  MAX_RETURN_PATH_LENGTH,
  RETURN_PATH_PATTERN,
  SIGN_IN_BINDING_COOKIE_NAME,
  SIGN_IN_REQUEST_TTL_MS,
  SINGLE_SIGN_ON_CALLBACK_PATH,
  SINGLE_SIGN_ON_ERROR_CODES,
  SINGLE_SIGN_ON_ERROR_PARAMETER,
  SINGLE_SIGN_ON_LINKED_PARAMETER,
  SINGLE_SIGN_ON_MESSAGES,
  SINGLE_SIGN_ON_START_PATH,
  SINGLE_SIGN_ON_SUBJECTS,
  singleSignOnErrorMessage,
  singleSignOnLabel,
} from './auth/single-sign-on';
export type {
  AuthorizationRedirect,
  LinkIdentityPayload,
  LinkedIdentity,
  LinkedIdentityIdPayload,
  LoggedOut,
  LogoutResult,
  SignInCallbackOutcome,
  SignInCallbackRequest,
  SignInOptions,
  SignInStartRequest,
  SignInStarted,
  SingleSignOnBusRequestMap,
  SingleSignOnErrorCode,
  SingleSignOnOption,
} from './auth/single-sign-on';
export type { AuthErrorCode } from './auth/auth-errors';
export { UPLOAD_SUBJECTS, FILE_URL_PREFIX, UPLOAD_URL_PREFIX } from './uploads/upload-subjects';
export { ownerOfFileKey, ownerOfFileUrl } from './uploads/file-key';
export type {
  PresignedUrlPayload,
  PresignedUrl,
  CleanupImagesPayload,
  CleanupImagesResult,
  UploadedFile,
} from './uploads/upload-payloads';
export { CLEANUP_IMAGES_MESSAGE } from './uploads/upload-payloads';
export { MEDIA_COOKIE_NAME, MEDIA_COOKIE_PATH } from './uploads/media-cookie';
export { UPLOAD_ERROR_CODES } from './uploads/upload-error-codes';
export type { UploadErrorCode } from './uploads/upload-error-codes';
export type { UploadBusRequestMap } from './uploads/upload-bus-request-map';
export {
  EXPORT_PATH,
  IMPORT_PATH,
  MEMORY_DOWNLOAD_PATH,
  IMPORT_FILE_FIELD,
  EXPORT_TICKET_PARAMETER,
  MAX_IMPORT_ARCHIVE_BYTES,
} from './transfer/transfer-http';
export {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  EXPORT_MANIFEST_FILE,
  EXPORT_MARKDOWN_FOLDER,
  EXPORT_IMAGES_FOLDER,
} from './transfer/transfer-format';
export type { ExportedMemory, ExportManifest } from './transfer/transfer-format';
export { MAX_TRANSFER_PAGE_MEMORIES, MAX_TRANSFER_PAGE_BYTES } from './transfer/transfer-payloads';
export type {
  ExportCursor,
  ExportMemoriesPayload,
  ExportMemoriesPage,
  ImportedCounts,
  ImportedMemoryInput,
  ImportMemoriesPayload,
  ImportedMemoryStatus,
  ImportedMemoryResult,
  ImportMemoriesResult,
} from './transfer/transfer-payloads';
export {
  IMPORT_FORMATS,
  IMPORT_JOB_STATUSES,
  EXPORT_RUN_STATUSES,
  MAX_IMPORT_REPORT_ISSUES,
  MAX_IMPORT_SHARE_RECIPIENTS,
} from './transfer/transfer-jobs';
export type {
  ImportFormat,
  ImportJobStatus,
  ImportAccepted,
  ImportIssue,
  ImportJobReport,
  RestoredShare,
  ExportRunStatus,
  ExportTicket,
  ExportProgress,
} from './transfer/transfer-jobs';
export { TRANSFER_MESSAGES } from './transfer/transfer-messages';
export { TRANSFER_ERROR_CODES } from './transfer/transfer-error-codes';
export type { TransferErrorCode } from './transfer/transfer-error-codes';
export { TRANSFER_SUBJECTS } from './transfer/transfer-subjects';
export type { TransferBusRequestMap } from './transfer/transfer-bus-request-map';
export { MEMORY_SEARCH_SORT_FIELDS, SEARCH_RESULT_LIMIT } from './memories/memory-search';
export type {
  MemorySearchSortField,
  MemorySearchHit,
  MemorySearchInfo,
  MemorySearchPage,
  MemorySearchAnswer,
} from './memories/memory-search';
export { parseHighlightMarkup, toHighlightMarkup } from './memories/search-highlight';
export type { HighlightSegment } from './memories/search-highlight';
export {
  MEMORY_REDISCOVERY_SUBJECTS,
  MEMORY_REDISCOVERY_ERROR_CODES,
  MAX_ON_THIS_DAY_MEMORIES,
  MAX_CALENDAR_DAYS,
  DEFAULT_TIMELINE_PAGE_SIZE,
  MAX_TIMELINE_PAGE_SIZE,
  MAX_EXCERPT_LENGTH,
} from './memories/memory-rediscovery';
export type {
  MemorySummary,
  OnThisDayQuery,
  OnThisDayMemory,
  CalendarQuery,
  CalendarDay,
  TimelineQuery,
  TimelinePage,
  MemoryYear,
  WritingStatsQuery,
  MonthCount,
  WritingStats,
  MemoryRediscoveryBusRequestMap,
} from './memories/memory-rediscovery';
export { cleanText, findUnsafeCharacter, unsafeTextMessage } from './text/text-safety';
export type { UnsafeCharacterKind } from './text/text-safety';
export { MEMORY_VERSION_CONFLICT_MESSAGE, currentMemoryOfConflict } from './memories/memory-version';
export type { MemoryVersionConflict } from './memories/memory-version';
export { USER_SUBJECTS, USER_EVENTS } from './users/user-subjects';
export { MAX_ACCOUNT_DELETIONS_PER_PAGE } from './users/user-payloads';
export type {
  UserEmailLookupPayload,
  UserEmailLookupResult,
  UserMailAddress,
  DeleteAccountPayload,
  UserDeletedEvent,
  AccountDeletionsPayload,
  AccountDeletion,
  AccountDeletionsResult,
  ProfileImagesReferencedPayload,
  ProfileImagesReferencedResult,
} from './users/user-payloads';
export { USER_ERROR_CODES, USER_MESSAGES } from './users/user-errors';
export type { UserErrorCode } from './users/user-errors';
export type { UserBusRequestMap } from './users/user-bus-request-map';
export { SHARE_SUBJECTS } from './memories/memory-share-payloads';
export type {
  ShareRecipientsPayload,
  ShareRecipientsResult,
  RemoveShareRecipientPayload,
  UsersConnectedPayload,
  UsersConnectedResult,
  ShareBusRequestMap,
} from './memories/memory-share-payloads';
export {
  MEMORY_CHANGE_KINDS,
  MEMORY_VERSION_ERROR_CODES,
  MEMORY_VERSION_MESSAGES,
  MEMORY_VERSION_SUBJECTS,
} from './memories/memory-versions';
export type {
  MemoryChangeKind,
  MemoryVersion,
  MemoryVersionBusRequestMap,
  MemoryVersionContent,
  MemoryVersionListQuery,
  MemoryVersionPage,
  MemoryVersionPayload,
  MemoryVersionSummary,
  RestoredMemoryVersion,
} from './memories/memory-versions';
export { UPLOAD_HTTP_API, UPLOAD_HTTP_ERROR_STATUS, UPLOAD_HTTP_ROUTES } from './uploads/upload-http-api';
export type {
  HttpMethod,
  OpenApiHeader,
  OpenApiMediaType,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiRequestBody,
  OpenApiResponse,
  OpenApiSchema,
  OpenApiSecurity,
  OpenApiSecurityScheme,
} from './api/openapi.types';
export {
  NULL_DATA_SCHEMA,
  PAGINATION_SCHEMA,
  SECURITY_SCHEMES,
  errorResponses,
  failureSchema,
  successSchema,
} from './api/api-description';
export type { ErrorAnswer } from './api/api-description';
export type { ServiceHttpApi, ServiceHttpRoute } from './api/service-http-api';
export { SERVICE_HTTP_APIS } from './api/service-http-apis';
export {
  TOTP_CODE_LENGTH,
  RECOVERY_CODE_COUNT,
  MAX_PASSKEY_NAME_LENGTH,
  MAX_USER_AGENT_LENGTH,
  isTwoFactorChallenge,
} from './auth/account-security';
export type {
  AccountSession,
  TwoFactorChallenge,
  LoginAnswer,
  TwoFactorLoginPayload,
  TwoFactorStatus,
  TwoFactorSetup,
  TwoFactorCodePayload,
  RecoveryCodes,
  PasswordConfirmationPayload,
  WebAuthnJson,
  PasskeySummary,
  PasskeyCeremonyOptions,
  PasskeyRegistrationPayload,
  PasskeyLoginPayload,
  PasskeyRemovalPayload,
  SignedOutSessions,
  SessionClient,
  CurrentSessionReference,
  LoginOutcome,
  TwoFactorLoginRequest,
  PasskeyLoginRequest,
  SessionIdPayload,
  PasskeyRemovalRequest,
} from './auth/account-security';
export {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  passkeyElsewhereMessage,
} from './auth/account-security-messages';
export type { AccountSecurityErrorCode } from './auth/account-security-messages';
export { ACCOUNT_SECURITY_SUBJECTS } from './auth/account-security-subjects';
export { RATE_LIMIT_SUBJECTS } from './auth/rate-limits';
export type { RateLimitBusRequestMap, RateLimitHit, RateLimitState } from './auth/rate-limits';
export type { AccountSecurityBusRequestMap } from './auth/account-security-subjects';
export { TRANSFER_HTTP_API, TRANSFER_HTTP_ERROR_STATUS, TRANSFER_HTTP_ROUTES } from './transfer/transfer-http-api';
export {
  USER_ROLES,
  SIGNUP_MODES,
  DEFAULT_INVITE_DAYS,
  MAX_INVITE_DAYS,
  MAX_USER_SEARCH_LENGTH,
  MAX_STORAGE_QUOTA_MB,
} from './admin/instance-admin';
export type {
  UserRole,
  SignupMode,
  InstanceSettings,
  SignUpState,
  CreateInvitePayload,
  InviteSummary,
  CreatedInvite,
  InviteCheckPayload,
  InviteCheck,
  AdminUserQuery,
  AdminUser,
  AdminUserUpdate,
} from './admin/instance-admin';
export { ADMIN_ERROR_CODES, ADMIN_MESSAGES, storageQuotaMessage } from './admin/instance-admin-messages';
export type { AdminErrorCode, StorageQuotaDetail } from './admin/instance-admin-messages';
export { ADMIN_SUBJECTS } from './admin/instance-admin-subjects';
export type {
  AccountSummary,
  AccountPage,
  AccountUpdatePayload,
  AccountStatusPayload,
  AccountStatus,
  InviteIdPayload,
  AdminBusRequestMap,
} from './admin/instance-admin-subjects';
export { STORAGE_SUBJECTS, MAX_USAGE_USER_IDS } from './uploads/storage-quota';
export type {
  StorageUsage,
  StorageUsagePayload,
  StorageUsageResult,
  StorageQuotaPayload,
  StorageBusRequestMap,
} from './uploads/storage-quota';
export { OWNER_COUNT_SUBJECTS } from './memories/owner-counts';
export type { OwnerCountsPayload, OwnerCountsResult, OwnerCountsBusRequestMap } from './memories/owner-counts';
export type { OutboundMemory, MemoryChangedEvent } from './memories/memory-payloads';
export {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  WEBHOOK_SECRET_PREFIX,
  MAX_WEBHOOKS_PER_USER,
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_DELIVERY_LIST_LIMIT,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_DELIVERY_STATUSES,
} from './webhooks/webhook-payloads';
export type {
  WebhookEventType,
  WebhookDeliveryType,
  WebhookDisabledReason,
  Webhook,
  CreatedWebhook,
  WebhookDeliveryStatus,
  WebhookDelivery,
  WebhookMessage,
  CreateWebhookPayload,
  UpdateWebhookPayload,
  WebhookIdPayload,
} from './webhooks/webhook-payloads';
export { WEBHOOK_ERROR_CODES, WEBHOOK_MESSAGES } from './webhooks/webhook-errors';
export type { WebhookErrorCode } from './webhooks/webhook-errors';
export { WEBHOOK_SUBJECTS } from './webhooks/webhook-subjects';
export type { WebhookBusRequestMap } from './webhooks/webhook-subjects';
export {
  PERSONAL_ACCESS_TOKEN_PREFIX,
  TOKEN_SCOPES,
  MAX_TOKEN_NAME_LENGTH,
  MAX_TOKENS_PER_USER,
  MAX_TOKEN_EXPIRY_DAYS,
  TOKEN_SUBJECTS,
  TOKEN_ERROR_CODES,
  TOKEN_MESSAGES,
} from './tokens/personal-access-tokens';
export type {
  TokenScope,
  PersonalAccessToken,
  CreatedPersonalAccessToken,
  CreateTokenPayload,
  TokenIdPayload,
  VerifyTokenPayload,
  TokenGrant,
  TokenBusRequestMap,
  TokenErrorCode,
} from './tokens/personal-access-tokens';
export { TOKEN_ROUTE_SCOPES, tokenScopeOf, scopeAllows } from './tokens/token-routes';
export {
  REMINDER_CHANNELS,
  ISO_WEEKDAYS,
  REMINDER_TIME_PATTERN,
  MAX_TIME_ZONE_LENGTH,
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_CHANNEL_PROBLEMS,
  MAX_PUSH_ENDPOINT_LENGTH,
  MAX_PUSH_DEVICES_PER_USER,
} from './reminders/reminder-settings';
export type {
  ReminderChannel,
  IsoWeekday,
  ReminderSettings,
  ReminderChannelProblem,
  ReminderChannelStatus,
  ReminderSettingsView,
  PushSubscriptionInput,
  PushDevice,
  ReminderPushMessage,
  ReminderContextQuery,
  ReminderContext,
  ReminderUnsubscribePayload,
} from './reminders/reminder-settings';
export {
  REMINDER_ERROR_CODES,
  REMINDER_MESSAGES,
  REMINDER_CHANNEL_PROBLEM_MESSAGES,
} from './reminders/reminder-messages';
export type { ReminderErrorCode } from './reminders/reminder-messages';
export { REMINDER_SUBJECTS } from './reminders/reminder-subjects';
export type { ReminderBusRequestMap } from './reminders/reminder-subjects';
export {
  PROMPT_CATEGORIES,
  PROMPT_CATEGORY_LABELS,
  MAX_PROMPT_LENGTH,
  MAX_PROMPTS_PER_USER,
  BUILT_IN_PROMPT_PREFIX,
  PROMPT_SUBJECTS,
  PROMPT_ERROR_CODES,
  PROMPT_MESSAGES,
  PROMPT_QUERY_PARAM,
  newMemoryWithPromptPath,
} from './prompts/prompt.types';
export type {
  PromptCategory,
  Prompt,
  CreatePromptPayload,
  RandomPromptQuery,
  TodayPromptQuery,
  PromptBusRequestMap,
} from './prompts/prompt.types';
export { TEMPLATE_SUBJECTS, TEMPLATE_MESSAGES } from './prompts/personal-template';
export type { MemoryTemplate, SaveTemplatePayload, TemplateBusRequestMap } from './prompts/personal-template';
