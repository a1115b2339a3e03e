import type {
  AuthSession,
  AuthUser,
  ChangePasswordPayload,
  LoggedOut,
  InviteCheck,
  LoginAnswer,
  LoginPayload,
  PasskeyCeremonyOptions,
  PasskeyLoginPayload,
  ProfileUpdatePayload,
  RegistrationPayload,
  ResetPasswordPayload,
  SignInOptions,
  SignUpState,
  TwoFactorLoginPayload,
} from '@memories/contracts';
import type { ApiClient, ApiRequestOptions } from '../api-client';
import { ApiError } from '@memories/web-api-client/app-client';
import { AUTH_FALLBACK_MESSAGES, loginErrorMessage, registerErrorMessage } from './auth-error-messages';

/** What a caller may add to an auth call. */
export type AuthCallOptions = Pick<ApiRequestOptions, 'signal' | 'ignoreUnauthorized'>;

/** One function per auth call of spec section 7 (base path /api). Every failure rejects with an `ApiError`. */
export interface AuthApi {
  /** A session, or (two-factor sign-in on) a challenge for `loginWithTwoFactor`. */
  login(payload: LoginPayload, options?: AuthCallOptions): Promise<LoginAnswer>;
  /** The login's second step: the challenge and a code from the authenticator app, or a recovery code. */
  loginWithTwoFactor(payload: TwoFactorLoginPayload, options?: AuthCallOptions): Promise<AuthSession>;
  /** Options for the browser's passkey prompt (any passkey of this site). */
  passkeyLoginOptions(options?: AuthCallOptions): Promise<PasskeyCeremonyOptions>;
  loginWithPasskey(payload: PasskeyLoginPayload, options?: AuthCallOptions): Promise<AuthSession>;
  register(payload: RegistrationPayload, options?: AuthCallOptions): Promise<AuthUser>;
  /** Ends the session; after a single sign-on (OIDC_LOGOUT=true), where to sign out at the provider too. */
  logout(options?: AuthCallOptions): Promise<LoggedOut | null>;
  /** How people sign in here: a password, single sign-on (and whether its provider is reachable). */
  signInOptions(options?: AuthCallOptions): Promise<SignInOptions>;
  /** Whether anyone may sign up, or only with an invite. */
  signUpState(options?: AuthCallOptions): Promise<SignUpState>;
  /** Whether an invite can still be used, and the address it is for; rejects (404) when it cannot. */
  checkInvite(inviteToken: string, options?: AuthCallOptions): Promise<InviteCheck>;
  refresh(options?: AuthCallOptions): Promise<AuthSession>;
  getProfile(options?: AuthCallOptions): Promise<AuthUser>;
  updateProfile(payload: ProfileUpdatePayload, options?: AuthCallOptions): Promise<AuthUser>;
  changePassword(payload: ChangePasswordPayload, options?: AuthCallOptions): Promise<void>;
  forgotPassword(email: string, options?: AuthCallOptions): Promise<void>;
  resetPassword(payload: ResetPasswordPayload, options?: AuthCallOptions): Promise<void>;
  verifyEmail(token: string, options?: AuthCallOptions): Promise<void>;
  resendVerification(email: string, options?: AuthCallOptions): Promise<void>;
}

/** Runs a call and gives its failure the screen's message (login and register have catalogues of their own). */
async function mapFailure<T>(call: Promise<T>, message: (error: ApiError) => string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof ApiError ? error.withMessage(message(error)) : error;
  }
}

// The calls that obtain or end a session: no token refresh before them, and a 401 is theirs to report.
const sessionCall: ApiRequestOptions = { skipTokenRefresh: true, ignoreUnauthorized: true };

export function createAuthApi(client: ApiClient): AuthApi {
  const fallback = AUTH_FALLBACK_MESSAGES;
  return {
    login: (payload, options) =>
      mapFailure(
        client.post<LoginAnswer>('/auth/login', payload, { ...options, ...sessionCall }).then((answer) => answer.data),
        loginErrorMessage,
      ),
    loginWithTwoFactor: (payload, options) =>
      mapFailure(
        client
          .post<AuthSession>('/auth/login/two-factor', payload, { ...options, ...sessionCall })
          .then((answer) => answer.data),
        loginErrorMessage,
      ),
    passkeyLoginOptions: (options) =>
      mapFailure(
        client
          .post<PasskeyCeremonyOptions>('/auth/passkeys/authentication-options', undefined, {
            ...options,
            ...sessionCall,
          })
          .then((answer) => answer.data),
        loginErrorMessage,
      ),
    loginWithPasskey: (payload, options) =>
      mapFailure(
        client
          .post<AuthSession>('/auth/login/passkey', payload, { ...options, ...sessionCall })
          .then((answer) => answer.data),
        loginErrorMessage,
      ),
    register: (payload, options) =>
      mapFailure(
        client.post<AuthUser>('/auth/register', payload, { ...options, ...sessionCall }).then((answer) => answer.data),
        registerErrorMessage,
      ),
    logout: async (options) =>
      (
        await client.post<LoggedOut | null>('/auth/logout', undefined, {
          ...options,
          ...sessionCall,
          fallbackMessage: fallback.logout,
        })
      ).data,
    signInOptions: async (options) =>
      (
        await client.get<SignInOptions>('/auth/sign-in-options', {
          ...options,
          ...sessionCall,
          fallbackMessage: fallback.signInOptions,
        })
      ).data,
    signUpState: async (options) =>
      (
        await client.get<SignUpState>('/auth/sign-up', {
          ...options,
          ...sessionCall,
          fallbackMessage: fallback.signUpState,
        })
      ).data,
    checkInvite: async (inviteToken, options) =>
      (
        await client.post<InviteCheck>(
          '/auth/sign-up/invite',
          { inviteToken },
          { ...options, ...sessionCall, fallbackMessage: fallback.checkInvite },
        )
      ).data,
    refresh: async (options) =>
      (
        await client.post<AuthSession>('/auth/refresh', undefined, {
          ...options,
          ...sessionCall,
          fallbackMessage: fallback.refresh,
        })
      ).data,
    getProfile: async (options) =>
      (await client.get<AuthUser>('/auth/profile', { ...options, fallbackMessage: fallback.getProfile })).data,
    updateProfile: async (payload, options) =>
      (await client.put<AuthUser>('/auth/profile', payload, { ...options, fallbackMessage: fallback.updateProfile }))
        .data,
    changePassword: async (payload, options) => {
      await client.put('/auth/change-password', payload, { ...options, fallbackMessage: fallback.changePassword });
    },
    forgotPassword: async (email, options) => {
      await client.post('/auth/forgot-password', { email }, { ...options, fallbackMessage: fallback.forgotPassword });
    },
    resetPassword: async (payload, options) => {
      await client.post('/auth/reset-password', payload, { ...options, fallbackMessage: fallback.resetPassword });
    },
    verifyEmail: async (token, options) => {
      await client.post('/auth/verify-email', { token }, { ...options, fallbackMessage: fallback.verifyEmail });
    },
    resendVerification: async (email, options) => {
      await client.post(
        '/auth/resend-verification',
        { email },
        { ...options, fallbackMessage: fallback.resendVerification },
      );
    },
  };
}
