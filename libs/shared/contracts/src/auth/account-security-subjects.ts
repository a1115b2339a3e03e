import type { SubjectPattern } from '../bus/subjects';
import type { SessionGrant } from './auth-bus';
import type {
  AccountSession,
  CurrentSessionReference,
  PasskeyCeremonyOptions,
  PasskeyLoginRequest,
  PasskeyRegistrationPayload,
  PasskeyRemovalRequest,
  PasskeySummary,
  PasswordConfirmationPayload,
  RecoveryCodes,
  SessionIdPayload,
  TwoFactorCodePayload,
  TwoFactorLoginRequest,
  TwoFactorSetup,
  TwoFactorStatus,
} from './account-security';

/** Request/reply subjects of the auth service's account security (sessions, two-factor sign-in, passkeys). */
export const ACCOUNT_SECURITY_SUBJECTS = {
  listSessions: 'auth.sessions.list',
  revokeSession: 'auth.sessions.revoke',
  revokeOtherSessions: 'auth.sessions.revoke-others',
  loginTwoFactor: 'auth.sessions.login-two-factor',
  loginPasskey: 'auth.sessions.login-passkey',
  twoFactorStatus: 'auth.two-factor.status',
  twoFactorSetup: 'auth.two-factor.setup',
  twoFactorEnable: 'auth.two-factor.enable',
  twoFactorDisable: 'auth.two-factor.disable',
  recoveryCodesReplace: 'auth.recovery-codes.replace',
  listPasskeys: 'auth.passkeys.list',
  passkeyRegistrationOptions: 'auth.passkeys.registration-options',
  registerPasskey: 'auth.passkeys.register',
  removePasskey: 'auth.passkeys.remove',
  passkeyAuthenticationOptions: 'auth.passkeys.authentication-options',
} as const satisfies Record<string, SubjectPattern>;

/** Payload and result of every account security subject (merged into `BusRequestMap`). */
export interface AccountSecurityBusRequestMap {
  [ACCOUNT_SECURITY_SUBJECTS.listSessions]: { payload: CurrentSessionReference; result: AccountSession[] };
  [ACCOUNT_SECURITY_SUBJECTS.revokeSession]: { payload: SessionIdPayload; result: { revoked: true } };
  [ACCOUNT_SECURITY_SUBJECTS.revokeOtherSessions]: { payload: CurrentSessionReference; result: { signedOut: number } };
  [ACCOUNT_SECURITY_SUBJECTS.loginTwoFactor]: { payload: TwoFactorLoginRequest; result: SessionGrant };
  [ACCOUNT_SECURITY_SUBJECTS.loginPasskey]: { payload: PasskeyLoginRequest; result: SessionGrant };
  [ACCOUNT_SECURITY_SUBJECTS.twoFactorStatus]: { payload: Record<string, never>; result: TwoFactorStatus };
  [ACCOUNT_SECURITY_SUBJECTS.twoFactorSetup]: { payload: PasswordConfirmationPayload; result: TwoFactorSetup };
  [ACCOUNT_SECURITY_SUBJECTS.twoFactorEnable]: { payload: TwoFactorCodePayload; result: RecoveryCodes };
  [ACCOUNT_SECURITY_SUBJECTS.twoFactorDisable]: { payload: PasswordConfirmationPayload; result: TwoFactorStatus };
  [ACCOUNT_SECURITY_SUBJECTS.recoveryCodesReplace]: { payload: PasswordConfirmationPayload; result: RecoveryCodes };
  [ACCOUNT_SECURITY_SUBJECTS.listPasskeys]: { payload: Record<string, never>; result: PasskeySummary[] };
  [ACCOUNT_SECURITY_SUBJECTS.passkeyRegistrationOptions]: {
    payload: PasswordConfirmationPayload;
    result: PasskeyCeremonyOptions;
  };
  [ACCOUNT_SECURITY_SUBJECTS.registerPasskey]: { payload: PasskeyRegistrationPayload; result: PasskeySummary };
  [ACCOUNT_SECURITY_SUBJECTS.removePasskey]: { payload: PasskeyRemovalRequest; result: { removed: true } };
  [ACCOUNT_SECURITY_SUBJECTS.passkeyAuthenticationOptions]: {
    payload: Record<string, never>;
    result: PasskeyCeremonyOptions;
  };
}
