import type {
  AccountSession,
  AuthorizationRedirect,
  LinkedIdentity,
  PasskeyCeremonyOptions,
  PasskeyRegistrationPayload,
  PasskeySummary,
  RecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@memories/contracts';
import type { ApiClient, ApiRequestOptions } from '../api-client';

/** What a caller may add to an account security call. */
export type AccountSecurityCallOptions = Pick<ApiRequestOptions, 'signal'>;

/** Shown when the server gives no message of its own. */
export const ACCOUNT_SECURITY_FALLBACK_MESSAGES = {
  sessions: 'Could not load your signed-in devices',
  revokeSession: 'Could not sign that device out',
  twoFactor: 'Could not change two-factor sign-in',
  passkeys: 'Could not change your passkeys',
  linkedSignIn: 'Could not change your linked sign-in',
} as const;

/** A success answer's data with its message (the settings show the server's message as the success notice). */
export interface WithMessage<T> {
  data: T;
  message?: string;
}

/** The signed-in user's sessions, two-factor sign-in and passkeys (the settings' Security and Sessions pages). */
export interface AccountSecurityApi {
  listSessions(options?: AccountSecurityCallOptions): Promise<AccountSession[]>;
  revokeSession(id: string, options?: AccountSecurityCallOptions): Promise<WithMessage<null>>;
  revokeOtherSessions(options?: AccountSecurityCallOptions): Promise<WithMessage<{ signedOut: number }>>;
  twoFactorStatus(options?: AccountSecurityCallOptions): Promise<TwoFactorStatus>;
  /** The password is needed: whoever holds the new secret passes the second step. */
  setUpTwoFactor(password: string, options?: AccountSecurityCallOptions): Promise<TwoFactorSetup>;
  enableTwoFactor(code: string, options?: AccountSecurityCallOptions): Promise<WithMessage<RecoveryCodes>>;
  disableTwoFactor(password: string, options?: AccountSecurityCallOptions): Promise<WithMessage<TwoFactorStatus>>;
  replaceRecoveryCodes(password: string, options?: AccountSecurityCallOptions): Promise<WithMessage<RecoveryCodes>>;
  listPasskeys(options?: AccountSecurityCallOptions): Promise<PasskeySummary[]>;
  /** The password is needed: a passkey signs in without it. */
  passkeyRegistrationOptions(password: string, options?: AccountSecurityCallOptions): Promise<PasskeyCeremonyOptions>;
  registerPasskey(
    payload: PasskeyRegistrationPayload,
    options?: AccountSecurityCallOptions,
  ): Promise<WithMessage<PasskeySummary>>;
  /** The password is needed to remove the last passkey. */
  removePasskey(id: string, password?: string, options?: AccountSecurityCallOptions): Promise<WithMessage<null>>;
  listLinkedIdentities(options?: AccountSecurityCallOptions): Promise<LinkedIdentity[]>;
  /** Where to send the browser to link single sign-on; the password is needed when the account has one. */
  linkIdentity(password?: string, options?: AccountSecurityCallOptions): Promise<AuthorizationRedirect>;
  unlinkIdentity(id: string, options?: AccountSecurityCallOptions): Promise<WithMessage<null>>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createAccountSecurityApi(client: ApiClient): AccountSecurityApi {
  const fallback = ACCOUNT_SECURITY_FALLBACK_MESSAGES;
  const sessions = { fallbackMessage: fallback.sessions };
  const twoFactor = { fallbackMessage: fallback.twoFactor };
  const passkeys = { fallbackMessage: fallback.passkeys };
  const linkedSignIn = { fallbackMessage: fallback.linkedSignIn };
  return {
    listSessions: async (options) =>
      (await client.get<AccountSession[]>('/auth/sessions', { ...options, ...sessions })).data,
    revokeSession: async (id, options) =>
      withMessage(
        await client.delete<null>(`/auth/sessions/${encodeURIComponent(id)}`, {
          ...options,
          fallbackMessage: fallback.revokeSession,
        }),
      ),
    revokeOtherSessions: async (options) =>
      withMessage(
        await client.post<{ signedOut: number }>('/auth/sessions/revoke-others', undefined, {
          ...options,
          ...sessions,
        }),
      ),
    twoFactorStatus: async (options) =>
      (await client.get<TwoFactorStatus>('/auth/two-factor', { ...options, ...twoFactor })).data,
    setUpTwoFactor: async (password, options) =>
      (await client.post<TwoFactorSetup>('/auth/two-factor/setup', { password }, { ...options, ...twoFactor })).data,
    enableTwoFactor: async (code, options) =>
      withMessage(await client.post<RecoveryCodes>('/auth/two-factor/enable', { code }, { ...options, ...twoFactor })),
    disableTwoFactor: async (password, options) =>
      withMessage(
        await client.post<TwoFactorStatus>('/auth/two-factor/disable', { password }, { ...options, ...twoFactor }),
      ),
    replaceRecoveryCodes: async (password, options) =>
      withMessage(
        await client.post<RecoveryCodes>('/auth/two-factor/recovery-codes', { password }, { ...options, ...twoFactor }),
      ),
    listPasskeys: async (options) =>
      (await client.get<PasskeySummary[]>('/auth/passkeys', { ...options, ...passkeys })).data,
    passkeyRegistrationOptions: async (password, options) =>
      (
        await client.post<PasskeyCeremonyOptions>(
          '/auth/passkeys/registration-options',
          { password },
          {
            ...options,
            ...passkeys,
          },
        )
      ).data,
    registerPasskey: async (payload, options) =>
      withMessage(await client.post<PasskeySummary>('/auth/passkeys', payload, { ...options, ...passkeys })),
    removePasskey: async (id, password, options) =>
      withMessage(
        await client.request<null>('DELETE', `/auth/passkeys/${encodeURIComponent(id)}`, {
          ...options,
          ...passkeys,
          body: password === undefined ? {} : { password },
        }),
      ),
    listLinkedIdentities: async (options) =>
      (await client.get<LinkedIdentity[]>('/auth/identities', { ...options, ...linkedSignIn })).data,
    linkIdentity: async (password, options) =>
      (
        await client.post<AuthorizationRedirect>('/auth/oidc/link', password === undefined ? {} : { password }, {
          ...options,
          ...linkedSignIn,
        })
      ).data,
    unlinkIdentity: async (id, options) =>
      withMessage(
        await client.delete<null>(`/auth/identities/${encodeURIComponent(id)}`, { ...options, ...linkedSignIn }),
      ),
  };
}
