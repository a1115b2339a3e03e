export type { RuntimeRemote, RuntimeRemoteList } from './runtime-remote-list';
export { RUNTIME_REMOTE_NAMES, runtimeRemoteListFor } from './runtime-remote-names';
export type { RuntimeRemoteName } from './runtime-remote-names';
export { SERVICE_NAMES, SUBJECTS, HEALTH_CHECK_SUBJECTS, subjectOf } from './bus/subjects';
export type { ServiceName, SubjectPattern } from './bus/subjects';
export type { MessageEnvelope, MessageContext } from './bus/message-envelope';
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
  validateRegistration,
} from './auth/registration-rules';
export type { RegistrationFields, RegistrationErrors } from './auth/registration-rules';
