import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  ERROR_CODES,
  MIN_PASSWORD_LENGTH,
  PHONE_NUMBER_PATTERN,
  REGISTRATION_MESSAGES,
  USER_MESSAGES,
  ownerOfFileUrl,
  validateRegistration,
  type AuthUser,
  type ChangePasswordRequest,
  type EmailPayload,
  type LoginRequest,
  type LogoutRequest,
  type ProfileUpdatePayload,
  type RefreshRequest,
  type RegistrationFields,
  type RegistrationPayload,
  type ResetPasswordPayload,
  type SessionGrant,
  type TokenPayload,
  type UserLookupRequest,
  type UserLookupResult,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { type ActionTokenPurpose, ActionTokenRepository } from '../action-tokens/action-token.repository';
import { AuthConfig } from '../config/auth.config';
import { AccessTokenSigner } from '../crypto/access-token.signer';
import { Clock } from '../crypto/clock';
import { PasswordHasher } from '../crypto/password-hasher';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { MailPort } from '../mail/mail.port';
import { RefreshTokenRepository } from '../sessions/refresh-token.repository';
import { toAuthUser, toUserSummary } from '../users/user.mapper';
import type { UserProfileChanges, UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;
const RESET_TOKEN_TTL_MS = HOUR_MS;
const VERIFICATION_TOKEN_TTL_MS = DAY_MS;
// The order in which the register form shows its rules: the first failing one is the answer's message.
const RULE_ORDER: Array<keyof RegistrationFields> = ['firstName', 'lastName', 'email', 'phoneNumber', 'password', 'confirmPassword'];

/** "First Last" → its two parts: the first word, and everything after it. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

function validationError(field: string, message: string): DomainError {
  return new DomainError(ERROR_CODES.VALIDATION_FAILED, message, [{ field, messages: [message] }]);
}

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    private readonly config: AuthConfig,
    private readonly users: UserRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly actionTokens: ActionTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretTokenGenerator,
    private readonly signer: AccessTokenSigner,
    private readonly mail: MailPort,
    private readonly clock: Clock,
  ) {}

  async register(payload: RegistrationPayload): Promise<AuthUser> {
    const { firstName, lastName } = splitName(payload.name);
    const phoneNumber = payload.phoneNumber?.trim() ?? '';
    const errors = validateRegistration({ ...payload, firstName, lastName, phoneNumber });
    const field = RULE_ORDER.find((name) => errors[name] !== undefined);
    if (field) throw validationError(field, errors[field] as string);

    const email = payload.email.trim();
    if (await this.users.findByEmail(email)) throw this.emailTaken();
    const user = await this.users.create({
      name: `${firstName} ${lastName}`,
      email,
      phoneNumber: phoneNumber || null,
      passwordHash: await this.hasher.hash(payload.password),
    });
    if (!user) throw this.emailTaken();
    await this.sendVerification(user);
    return toAuthUser(user);
  }

  async login(payload: LoginRequest): Promise<SessionGrant> {
    const user = await this.users.findByEmail(payload.email.trim());
    const valid = user ? await this.hasher.verify(user.passwordHash, payload.password) : await this.hasher.verifyAgainstDummy(payload.password);
    if (!user || !valid) throw new DomainError(AUTH_ERROR_CODES.CREDENTIALS_UNAUTHORIZED, AUTH_MESSAGES.invalidCredentials);
    return this.issueSession(user, payload.rememberMe, randomUUID());
  }

  /** Rotates a refresh token; a token that was already rotated is a replay, and its whole family is revoked. */
  async refresh(payload: RefreshRequest): Promise<SessionGrant> {
    const now = this.clock.now();
    const current = await this.refreshTokens.findByHash(this.secrets.hash(payload.refreshToken));
    if (!current) throw this.sessionExpired();
    if (current.revokedAt !== null) {
      if (current.replacedBy !== null) await this.revokeReplayedFamily(current.familyId, current.userId, now);
      throw this.sessionExpired();
    }
    const user = current.expiresAt > now ? await this.users.findById(current.userId) : null;
    if (!user) throw this.sessionExpired();

    const next = this.secrets.generate();
    const expiresAt = this.refreshExpiry(now);
    const rotated = await this.refreshTokens.rotate(
      current.id,
      { userId: user.id, familyId: current.familyId, tokenHash: next.hash, persistent: current.persistent, expiresAt },
      now,
    );
    // Another request used the same token a moment ago: that is a replay too.
    if (!rotated) {
      await this.revokeReplayedFamily(current.familyId, current.userId, now);
      throw this.sessionExpired();
    }
    return this.grant(user, next.token, current.persistent, expiresAt);
  }

  async logout(payload: LogoutRequest): Promise<{ loggedOut: true }> {
    if (payload.refreshToken) {
      const current = await this.refreshTokens.findByHash(this.secrets.hash(payload.refreshToken));
      if (current) await this.refreshTokens.revokeFamily(current.familyId, this.clock.now());
    }
    return { loggedOut: true };
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
      if (url && ownerOfFileUrl(url) !== userId) throw validationError('profileImageUrl', USER_MESSAGES.profileImageInvalid);
      changes.profileImageUrl = url;
    }
    const user = await this.users.updateProfile(userId, changes);
    if (!user) throw this.accessDenied();
    return toAuthUser(user);
  }

  /** Signs the user out everywhere, then starts a fresh session for the client that asked. */
  async changePassword(userId: string, payload: ChangePasswordRequest): Promise<SessionGrant> {
    const user = await this.requireUser(userId);
    if (!(await this.hasher.verify(user.passwordHash, payload.currentPassword))) {
      throw new DomainError(AUTH_ERROR_CODES.CURRENT_PASSWORD_INVALID, AUTH_MESSAGES.currentPasswordWrong);
    }
    this.checkNewPassword(payload.newPassword);
    const current = payload.refreshToken ? await this.refreshTokens.findByHash(this.secrets.hash(payload.refreshToken)) : null;
    const persistent = current?.userId === user.id && current.persistent;
    const now = this.clock.now();
    await this.users.setPasswordHash(user.id, await this.hasher.hash(payload.newPassword));
    await this.refreshTokens.revokeAllForUser(user.id, now);
    return this.issueSession(user, persistent, randomUUID());
  }

  /** Always the same answer, whether or not the account exists. */
  async forgotPassword(payload: EmailPayload): Promise<{ accepted: true }> {
    const user = await this.users.findByEmail(payload.email.trim());
    if (user) {
      const link = await this.createActionLink(user, 'password-reset', RESET_TOKEN_TTL_MS, 'reset-password');
      this.deliver({
        to: user.email,
        subject: 'Reset your Memories password',
        text: `Hello ${user.name},\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
      });
    }
    return { accepted: true };
  }

  async resetPassword(payload: ResetPasswordPayload): Promise<{ reset: true }> {
    this.checkNewPassword(payload.newPassword);
    const now = this.clock.now();
    const userId = await this.actionTokens.consume(this.secrets.hash(payload.token), 'password-reset', now);
    if (!userId) throw new DomainError(AUTH_ERROR_CODES.RESET_TOKEN_INVALID, AUTH_MESSAGES.resetTokenInvalid);
    await this.users.setPasswordHash(userId, await this.hasher.hash(payload.newPassword));
    await this.refreshTokens.revokeAllForUser(userId, now);
    await this.actionTokens.retireAll(userId, 'password-reset', now);
    return { reset: true };
  }

  async verifyEmail(payload: TokenPayload): Promise<AuthUser> {
    const now = this.clock.now();
    const userId = await this.actionTokens.consume(this.secrets.hash(payload.token), 'email-verification', now);
    const user = userId ? await this.users.markEmailVerified(userId, now) : null;
    if (!user) throw new DomainError(AUTH_ERROR_CODES.VERIFICATION_TOKEN_INVALID, AUTH_MESSAGES.verificationTokenInvalid);
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

  private async issueSession(user: UserRecord, persistent: boolean, familyId: string): Promise<SessionGrant> {
    const refresh = this.secrets.generate();
    const expiresAt = this.refreshExpiry(this.clock.now());
    await this.refreshTokens.create({ userId: user.id, familyId, tokenHash: refresh.hash, persistent, expiresAt });
    return this.grant(user, refresh.token, persistent, expiresAt);
  }

  private async grant(user: UserRecord, refreshToken: string, persistent: boolean, expiresAt: Date): Promise<SessionGrant> {
    return {
      accessToken: await this.signer.sign(user.id),
      user: toAuthUser(user),
      refreshToken,
      persistent,
      refreshExpiresAt: expiresAt.toISOString(),
    };
  }

  private refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.AUTH_REFRESH_TOKEN_TTL_DAYS * DAY_MS);
  }

  private async revokeReplayedFamily(familyId: string, userId: string, now: Date): Promise<void> {
    this.logger.warn(`Refresh token replayed for user ${userId}: revoking session family ${familyId}`);
    await this.refreshTokens.revokeFamily(familyId, now);
  }

  private async requireUser(userId: string): Promise<UserRecord> {
    const user = await this.users.findById(userId);
    if (!user) throw this.accessDenied();
    return user;
  }

  private checkNewPassword(password: string): void {
    if (!password) throw validationError('newPassword', REGISTRATION_MESSAGES.passwordRequired);
    if (password.length < MIN_PASSWORD_LENGTH) throw validationError('newPassword', REGISTRATION_MESSAGES.passwordTooShort);
  }

  private async sendVerification(user: UserRecord): Promise<void> {
    const link = await this.createActionLink(user, 'email-verification', VERIFICATION_TOKEN_TTL_MS, 'verify-email');
    this.deliver({
      to: user.email,
      subject: 'Confirm your Memories e-mail address',
      text: `Hello ${user.name},\n\nTo confirm your e-mail address, open this link within 24 hours:\n${link}`,
    });
  }

  private async createActionLink(user: UserRecord, purpose: ActionTokenPurpose, ttlMs: number, page: string): Promise<string> {
    const secret = this.secrets.generate();
    await this.actionTokens.create({
      userId: user.id,
      purpose,
      tokenHash: secret.hash,
      expiresAt: new Date(this.clock.now().getTime() + ttlMs),
    });
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/${page}?token=${secret.token}`;
  }

  /** Not awaited: the answer must not wait for (or reveal, by its timing) an SMTP round trip. */
  private deliver(message: { to: string; subject: string; text: string }): void {
    this.mail.send(message).catch((error: unknown) => this.logger.error(`Could not send "${message.subject}" to ${message.to}: ${String(error)}`));
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
