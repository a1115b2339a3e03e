import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  MAX_USER_AGENT_LENGTH,
  PHONE_NUMBER_PATTERN,
  REGISTRATION_MESSAGES,
  USER_MESSAGES,
  ownerOfFileUrl,
  validateRegistration,
  type AuthUser,
  type ChangePasswordRequest,
  type EmailPayload,
  type LoginOutcome,
  type LoginRequest,
  type LogoutRequest,
  type LogoutResult,
  type ProfileUpdatePayload,
  type RefreshRequest,
  type RegistrationFields,
  type RegistrationPayload,
  type SessionGrant,
  type SignedOutSessions,
  type TokenPayload,
  type UserLookupRequest,
  type UserLookupResult,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { validationError } from '../account-security/validation-error';
import { AccountAdmission } from '../admin/account-admission.service';
import { ActionTokenRepository } from '../action-tokens/action-token.repository';
import { Clock } from '../crypto/clock';
import { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { ActionLinks } from '../recovery/action-links';
import { checkNewPassword } from '../recovery/new-password.rules';
import { RefreshTokenRepository } from '../sessions/refresh-token.repository';
import { SessionIssuer, accountDisabled } from '../sessions/session-issuer';
import { SessionRepository } from '../sessions/session.repository';
import { SessionsService } from '../sessions/sessions.service';
import { PasswordLoginPolicy } from '../single-sign-on/password-login.policy';
import { ProviderLogout } from '../single-sign-on/provider-logout';
import { SignInFailuresRepository } from '../sign-in-limits/sign-in-failures.repository';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { toAuthUser, toUserSummary } from '../users/user.mapper';
import type { UserProfileChanges, UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';

const VERIFICATION_TOKEN_TTL_MS = 24 * 3600_000;
/**
 * How long a rotated refresh token may be presented again while its successor is unused: long enough for a reload
 * that aborted the page's own refresh, or two tabs refreshing at once; short enough that a stolen token is useless
 * after it. Past it, or once the successor was used, the token is a replay.
 */
export const REFRESH_REUSE_INTERVAL_MS = 30_000;
// The order in which the register form shows its rules: the first failing one is the answer's message.
const RULE_ORDER: Array<keyof RegistrationFields> = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'password',
  'confirmPassword',
];

/** "First Last" → its two parts: the first word, and everything after it. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly users: UserRepository,
    private readonly admission: AccountAdmission,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly sessions: SessionRepository,
    private readonly sessionIssuer: SessionIssuer,
    private readonly currentSessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
    private readonly actionTokens: ActionTokenRepository,
    private readonly links: ActionLinks,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
    private readonly passwordLogin: PasswordLoginPolicy,
    private readonly providerLogout: ProviderLogout,
    private readonly signInFailures: SignInFailuresRepository,
  ) {}

  async register(payload: RegistrationPayload): Promise<AuthUser> {
    await this.passwordLogin.requireEnabled();
    const { firstName, lastName } = splitName(payload.name);
    const phoneNumber = payload.phoneNumber?.trim() ?? '';
    const errors = validateRegistration({ ...payload, firstName, lastName, phoneNumber });
    const field = RULE_ORDER.find((name) => errors[name] !== undefined);
    if (field) throw validationError(field, errors[field] as string);

    const email = payload.email.trim();
    if (await this.users.findByEmail(email)) throw this.emailTaken();
    const user = await this.admission.admit(email, payload.inviteToken, async () => ({
      name: `${firstName} ${lastName}`,
      email,
      phoneNumber: phoneNumber || null,
      passwordHash: await this.hasher.hash(payload.password),
    }));
    // An invite naming the address reached it: nothing to confirm.
    if (user.emailVerifiedAt === null) await this.sendVerification(user);
    return toAuthUser(user);
  }

  /** The password alone starts a session only when the account has no two-factor sign-in; otherwise a challenge. */
  async login(payload: LoginRequest): Promise<LoginOutcome> {
    await this.passwordLogin.requireEnabled();
    // Too many failures for this address from anywhere: no more guesses for a while (every gateway replica and
    // client address counts the same). An unknown address is paused the same way, so a pause reveals nothing.
    if (await this.signInFailures.isPaused(payload.email))
      throw new DomainError(AUTH_ERROR_CODES.AUTH_RATE_LIMITED, AUTH_MESSAGES.accountSignInPaused);
    const user = await this.users.findByEmail(payload.email.trim());
    const valid = user
      ? await this.hasher.verify(user.passwordHash, payload.password)
      : await this.hasher.verifyAgainstDummy(payload.password);
    if (!user || !valid) {
      await this.signInFailures.recordFailure(payload.email);
      throw new DomainError(AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED, AUTH_MESSAGES.invalidCredentials);
    }
    await this.signInFailures.clear(payload.email);
    // Only after the password: whether an account is disabled is no one else's business.
    if (user.disabledAt) throw accountDisabled();
    if (await this.twoFactor.isEnabled(user.id)) return this.twoFactor.challenge(user.id, payload.rememberMe);
    return this.sessionIssuer.start(user, payload.rememberMe, payload.userAgent);
  }

  /**
   * Rotates a refresh token. A token that was already rotated is a replay, and its whole family is revoked, except
   * within `REFRESH_REUSE_INTERVAL_MS` of its rotation while its successor is unused (see
   * `RefreshTokenRepository.reissue`).
   */
  async refresh(payload: RefreshRequest): Promise<SessionGrant> {
    const now = this.clock.now();
    const current = await this.refreshTokens.findByHash(this.secrets.hash(payload.refreshToken));
    if (!current) throw this.sessionExpired();
    const user = current.expiresAt > now ? await this.users.findById(current.userId) : null;
    if (!user || user.disabledAt) throw this.sessionExpired();

    const next = this.secrets.generate();
    const expiresAt = this.sessionIssuer.refreshExpiry(now);
    const successor = {
      userId: user.id,
      familyId: current.familyId,
      tokenHash: next.hash,
      persistent: current.persistent,
      expiresAt,
    };
    const userAgent = payload.userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null;
    // A token already rotated, here or by a concurrent request a moment ago, goes to the reuse rule.
    const rotated =
      current.revokedAt === null && (await this.refreshTokens.rotate(current.id, successor, now, userAgent));
    if (!rotated) {
      const reuse = await this.refreshTokens.reissue(current.id, successor, now, REFRESH_REUSE_INTERVAL_MS, userAgent);
      if (reuse === 'replayed') await this.revokeReplayedFamily(current.familyId, current.userId, now);
      if (reuse !== 'reissued') throw this.sessionExpired();
    }
    return this.sessionIssuer.grant(user, next.token, current.persistent, expiresAt);
  }

  /** Ends the cookie's session; after a single sign-on, says where to sign out at the provider too (OIDC_LOGOUT). */
  async logout(payload: LogoutRequest): Promise<LogoutResult> {
    const current = payload.refreshToken
      ? await this.refreshTokens.findByHash(this.secrets.hash(payload.refreshToken))
      : null;
    if (!current) return { loggedOut: true };
    await this.sessions.revoke(current.familyId, this.clock.now());
    const endSessionUrl = await this.providerLogout.endSessionUrlOf(current.familyId);
    return endSessionUrl ? { loggedOut: true, endSessionUrl } : { loggedOut: true };
  }

  async getProfile(userId: string): Promise<AuthUser> {
    return toAuthUser(await this.requireUser(userId));
  }

  async updateProfile(userId: string, payload: ProfileUpdatePayload): Promise<AuthUser> {
    const changes: UserProfileChanges = {};
    if (payload.name !== undefined) {
      const { firstName, lastName } = splitName(payload.name);
      if (!firstName) throw validationError('name', REGISTRATION_MESSAGES.firstNameRequired);
      if (!lastName) throw validationError('name', REGISTRATION_MESSAGES.lastNameRequired);
      changes.name = `${firstName} ${lastName}`;
    }
    if (payload.phoneNumber !== undefined) {
      const phoneNumber = payload.phoneNumber?.trim() || null;
      if (phoneNumber && !PHONE_NUMBER_PATTERN.test(phoneNumber)) {
        throw validationError('phoneNumber', REGISTRATION_MESSAGES.phoneNumberInvalid);
      }
      changes.phoneNumber = phoneNumber;
    }
    if (payload.profileImageUrl !== undefined) {
      const url = payload.profileImageUrl?.trim() || null;
      // Only a file the user uploaded: never a third party's address that would learn who looks at the picture.
      if (url && ownerOfFileUrl(url) !== userId)
        throw validationError('profileImageUrl', USER_MESSAGES.profileImageInvalid);
      changes.profileImageUrl = url;
    }
    const user = await this.users.updateProfile(userId, changes);
    if (!user) throw this.accessDenied();
    return toAuthUser(user);
  }

  /** Keeps the session that asked and signs out every other one. */
  async changePassword(userId: string, payload: ChangePasswordRequest): Promise<SignedOutSessions> {
    const user = await this.requireUser(userId);
    if (!(await this.hasher.verify(user.passwordHash, payload.currentPassword))) {
      throw new DomainError(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID, AUTH_MESSAGES.currentPasswordWrong);
    }
    checkNewPassword(payload);
    const current = await this.currentSessions.currentSessionId(user.id, payload);
    await this.users.setPasswordHash(user.id, await this.hasher.hash(payload.newPassword));
    return { signedOut: await this.sessions.revokeAllForUser(user.id, this.clock.now(), current) };
  }

  async verifyEmail(payload: TokenPayload): Promise<AuthUser> {
    const now = this.clock.now();
    const userId = await this.actionTokens.consume(this.secrets.hash(payload.token), 'email-verification', now);
    const user = userId ? await this.users.markEmailVerified(userId, now) : null;
    if (!user)
      throw new DomainError(AUTH_ERROR_CODES.VERIFICATION_TOKEN_INVALID, AUTH_MESSAGES.verificationTokenInvalid);
    return toAuthUser(user);
  }

  async resendVerification(payload: EmailPayload): Promise<{ accepted: true }> {
    const user = await this.users.findByEmail(payload.email.trim());
    if (user && user.emailVerifiedAt === null) await this.sendVerification(user);
    return { accepted: true };
  }

  /** For other services (the memory service's owner e-mails and share checks): unknown ids are left out. */
  async lookupUsers(payload: UserLookupRequest): Promise<UserLookupResult> {
    const users = await this.users.findByIds([...new Set(payload.ids)]);
    return { users: users.map(toUserSummary) };
  }

  private async revokeReplayedFamily(familyId: string, userId: string, now: Date): Promise<void> {
    this.logger.warn(`Refresh token replayed for user ${userId}: revoking session family ${familyId}`);
    await this.sessions.revoke(familyId, now);
  }

  private async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw this.accessDenied();
    return user;
  }

  private async sendVerification(user: UserRecord): Promise<void> {
    const link = await this.links.create(user, 'email-verification', VERIFICATION_TOKEN_TTL_MS);
    this.links.deliver({
      to: user.email,
      subject: 'Confirm your Memories e-mail address',
      text: `Hello ${user.name},\n\nTo confirm your e-mail address, open this link within 24 hours:\n${link}`,
    });
  }

  private emailTaken(): DomainError {
    return new DomainError(AUTH_ERROR_CODES.USER_ALREADY_EXISTS, AUTH_MESSAGES.emailTaken);
  }

  private sessionExpired(): DomainError {
    return new DomainError(AUTH_ERROR_CODES.SESSION_UNAUTHORIZED, AUTH_MESSAGES.sessionExpired);
  }

  private accessDenied(): DomainError {
    return new DomainError(AUTH_ERROR_CODES.ACCESS_TOKEN_UNAUTHORIZED, AUTH_MESSAGES.accessTokenInvalid);
  }
}
