import type { LoginOutcome, SignedOutSessions } from '../auth/account-security';
import type { AdminBusRequestMap } from '../admin/instance-admin-subjects';
import type { AccountSecurityBusRequestMap } from '../auth/account-security-subjects';
import type { RateLimitBusRequestMap } from '../auth/rate-limits';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LogoutRequest,
  RefreshRequest,
  SessionGrant,
} from '../auth/auth-bus';
import type {
  EmailPayload,
  ProfileUpdatePayload,
  RegistrationPayload,
  ResetPasswordPayload,
  TokenPayload,
} from '../auth/auth-payloads';
import type { AuthUser } from '../auth/auth-user';
import type { LogoutResult, SingleSignOnBusRequestMap } from '../auth/single-sign-on';
import type { HealthCheckRequest, ServiceHealth } from '../health/health.types';
import type { JournalBusRequestMap } from '../journals/journal-bus-request-map';
import type { MemoryBusRequestMap } from '../memories/memory-bus-request-map';
import type { MemoryRediscoveryBusRequestMap } from '../memories/memory-rediscovery';
import type { OwnerCountsBusRequestMap } from '../memories/owner-counts';
import type { ShareBusRequestMap } from '../memories/memory-share-payloads';
import type { MemoryVersionBusRequestMap } from '../memories/memory-versions';
import type { TransferBusRequestMap } from '../transfer/transfer-bus-request-map';
import type { StorageBusRequestMap } from '../uploads/storage-quota';
import type { UploadBusRequestMap } from '../uploads/upload-bus-request-map';
import type { UserBusRequestMap } from '../users/user-bus-request-map';
import type { WebhookBusRequestMap } from '../webhooks/webhook-subjects';
import type { TokenBusRequestMap } from '../tokens/personal-access-tokens';
import type { ReminderBusRequestMap } from '../reminders/reminder-subjects';
import type { PromptBusRequestMap } from '../prompts/prompt.types';
import type { TemplateBusRequestMap } from '../prompts/personal-template';
import type { SUBJECTS } from './subjects';

/**
 * The payload and result type of every request/reply subject, so that a send is typed end to end.
 * Add an entry with every new subject.
 */
export interface BusRequestMap
  extends
    MemoryBusRequestMap,
    MemoryRediscoveryBusRequestMap,
    UploadBusRequestMap,
    UserBusRequestMap,
    ShareBusRequestMap,
    MemoryVersionBusRequestMap,
    AccountSecurityBusRequestMap,
    RateLimitBusRequestMap,
    TransferBusRequestMap,
    WebhookBusRequestMap,
    TokenBusRequestMap,
    ReminderBusRequestMap,
    PromptBusRequestMap,
    TemplateBusRequestMap,
    SingleSignOnBusRequestMap,
    AdminBusRequestMap,
    StorageBusRequestMap,
    OwnerCountsBusRequestMap,
    JournalBusRequestMap {
  [SUBJECTS.auth.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
  [SUBJECTS.auth.register]: { payload: RegistrationPayload; result: AuthUser };
  [SUBJECTS.auth.login]: { payload: LoginRequest; result: LoginOutcome };
  [SUBJECTS.auth.refresh]: { payload: RefreshRequest; result: SessionGrant };
  [SUBJECTS.auth.logout]: { payload: LogoutRequest; result: LogoutResult };
  [SUBJECTS.auth.getProfile]: { payload: Record<string, never>; result: AuthUser };
  [SUBJECTS.auth.updateProfile]: { payload: ProfileUpdatePayload; result: AuthUser };
  [SUBJECTS.auth.changePassword]: { payload: ChangePasswordRequest; result: SignedOutSessions };
  [SUBJECTS.auth.forgotPassword]: { payload: EmailPayload; result: { accepted: true } };
  [SUBJECTS.auth.resetPassword]: { payload: ResetPasswordPayload; result: SignedOutSessions };
  [SUBJECTS.auth.verifyEmail]: { payload: TokenPayload; result: AuthUser };
  [SUBJECTS.auth.resendVerification]: { payload: EmailPayload; result: { accepted: true } };
  [SUBJECTS.memory.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
  [SUBJECTS.upload.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
  [SUBJECTS.notify.healthCheck]: { payload: HealthCheckRequest; result: ServiceHealth };
}

export type BusRequestSubject = keyof BusRequestMap;
