import { Injectable } from '@nestjs/common';
import {
  ADMIN_ERROR_CODES,
  ADMIN_MESSAGES,
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  DEFAULT_INVITE_DAYS,
  DEFAULT_PAGE,
  DEFAULT_PAGE_SIZE,
  EMAIL_PATTERN,
  REGISTRATION_MESSAGES,
  toPagination,
  type AccountPage,
  type AccountStatus,
  type AccountStatusPayload,
  type AccountSummary,
  type AccountUpdatePayload,
  type AdminUserQuery,
  type CreateInvitePayload,
  type CreatedInvite,
  type InstanceSettings,
  type InviteIdPayload,
  type InviteSummary,
  type UserRole,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { validationError } from '../account-security/validation-error';
import { AuthConfig } from '../config/auth.config';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { ActionLinks } from '../recovery/action-links';
import { SessionRepository } from '../sessions/session.repository';
import { PersonalAccessTokensService } from '../tokens/personal-access-tokens.service';
import type { UserRecord } from '../users/user.record';
import { UserRepository } from '../users/user.repository';
import { AccountAdminRepository, type AccountChanges, type AccountRecord } from './account-admin.repository';
import { InstanceSettingsRepository } from './instance-settings.repository';
import type { InviteRecord } from './invite.repository';
import { InviteRepository } from './invite.repository';
import { SignUpService } from './sign-up.service';

const DAY_MS = 24 * 3600_000;

/** What the admin command did, for its output. */
export type RoleCommandOutcome = 'changed' | 'unchanged' | 'not-found' | 'last-admin';

const toInviteSummary = (invite: InviteRecord): InviteSummary => ({
  id: invite.id,
  email: invite.email,
  createdAt: invite.createdAt.toISOString(),
  expiresAt: invite.expiresAt.toISOString(),
});

const toAccountSummary = (account: UserRecord, lastActiveAt: Date | null): AccountSummary => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: account.role,
  disabled: account.disabledAt !== null,
  emailVerified: account.emailVerifiedAt !== null,
  createdAt: account.createdAt.toISOString(),
  lastActiveAt: lastActiveAt?.toISOString() ?? null,
});

/**
 * Instance administration: the sign-up mode, invites and accounts. Every operation for a caller checks here, from
 * this service's own table, that the caller is an enabled admin (the gateway checked too).
 */
@Injectable()
export class InstanceAdminService {
  constructor(
    private readonly config: AuthConfig,
    private readonly users: UserRepository,
    private readonly accounts: AccountAdminRepository,
    private readonly settings: InstanceSettingsRepository,
    private readonly invites: InviteRepository,
    private readonly signUp: SignUpService,
    private readonly sessions: SessionRepository,
    private readonly accessTokens: PersonalAccessTokensService,
    private readonly secrets: SecretTokenGenerator,
    private readonly links: ActionLinks,
    private readonly clock: Clock,
  ) {}

  async getSettings(callerId: string): Promise<InstanceSettings> {
    await this.requireAdmin(callerId);
    return { signupMode: await this.signUp.mode() };
  }

  async updateSettings(callerId: string, payload: InstanceSettings): Promise<InstanceSettings> {
    await this.requireAdmin(callerId);
    await this.settings.setSignupMode(payload.signupMode);
    return { signupMode: payload.signupMode };
  }

  async createInvite(callerId: string, payload: CreateInvitePayload): Promise<CreatedInvite> {
    const admin = await this.requireAdmin(callerId);
    const email = payload.email?.trim() || null;
    if (email && !EMAIL_PATTERN.test(email)) throw validationError('email', REGISTRATION_MESSAGES.emailInvalid);
    if (email && (await this.users.findByEmail(email))) {
      throw new DomainError(AUTH_ERROR_CODES.USER_ALREADY_EXISTS, AUTH_MESSAGES.emailTaken);
    }
    const days = payload.expiresInDays ?? DEFAULT_INVITE_DAYS;
    const secret = this.secrets.generate();
    const invite = await this.invites.create({
      tokenHash: secret.hash,
      email,
      createdBy: admin.id,
      expiresAt: new Date(this.clock.now().getTime() + days * DAY_MS),
    });
    // In the fragment: a browser never sends it to a server, so it stays out of every access log.
    const url = `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/register#invite=${secret.token}`;
    if (email) {
      this.links.deliver({
        to: email,
        subject: 'You are invited to Memories',
        text: `Hello,\n\n${admin.name} invites you to keep your journal on their Memories.\nTo create your account, open this link before ${invite.expiresAt.toUTCString()}:\n${url}`,
      });
    }
    return { ...toInviteSummary(invite), url, token: secret.token, mailed: Boolean(email && this.config.SMTP_URL) };
  }

  async listInvites(callerId: string): Promise<InviteSummary[]> {
    await this.requireAdmin(callerId);
    return (await this.invites.listPending(this.clock.now())).map(toInviteSummary);
  }

  async revokeInvite(callerId: string, payload: InviteIdPayload): Promise<{ revoked: true }> {
    await this.requireAdmin(callerId);
    if (!(await this.invites.revoke(payload.id))) {
      throw new DomainError(ADMIN_ERROR_CODES.INVITE_NOT_FOUND, ADMIN_MESSAGES.inviteNotFound);
    }
    return { revoked: true };
  }

  async listAccounts(callerId: string, query: AdminUserQuery): Promise<AccountPage> {
    await this.requireAdmin(callerId);
    const page = query.page ?? DEFAULT_PAGE;
    const size = query.size ?? DEFAULT_PAGE_SIZE;
    const { accounts, total } = await this.accounts.page(query.q?.trim() ?? '', page * size, size);
    return {
      items: accounts.map((account: AccountRecord) => toAccountSummary(account, account.lastActiveAt)),
      pagination: toPagination(page, size, total),
    };
  }

  /**
   * Disabling revokes every session and personal access token of the account at once; its access tokens stop working
   * at the gateway.
   */
  async updateAccount(callerId: string, payload: AccountUpdatePayload): Promise<AccountSummary> {
    await this.requireAdmin(callerId);
    const { id, ...changes } = payload;
    const account = await this.change(id, changes);
    if (!account) throw new DomainError(ADMIN_ERROR_CODES.ACCOUNT_NOT_FOUND, ADMIN_MESSAGES.accountNotFound);
    return toAccountSummary(account, await this.accounts.lastActiveAt(id));
  }

  /**
   * Only a disabled account is refused: a deleted one holds no data any more, and its last tokens run out within
   * their 15 minutes as before (docs/decisions.md, "Accounts and sharing").
   */
  async accountStatus(payload: AccountStatusPayload): Promise<AccountStatus> {
    const user = await this.users.findById(payload.userId);
    return { active: !user?.disabledAt, role: user?.role ?? 'member' };
  }

  /**
   * `admin grant|revoke <email>`, for the instance owner: granting also enables the account, so an owner locked out
   * of a disabled admin account can always get back in.
   */
  async setRoleByEmail(email: string, role: UserRole): Promise<RoleCommandOutcome> {
    const user = await this.users.findByEmail(email.trim());
    if (!user) return 'not-found';
    if (user.role === role && (role === 'member' || user.disabledAt === null)) return 'unchanged';
    try {
      await this.change(user.id, role === 'admin' ? { role, disabled: false } : { role });
      return 'changed';
    } catch (error) {
      if (error instanceof DomainError && error.code === ADMIN_ERROR_CODES.LAST_ADMIN_CONFLICT) return 'last-admin';
      throw error;
    }
  }

  private async change(id: string, changes: AccountChanges): Promise<UserRecord | null> {
    const now = this.clock.now();
    const result = await this.accounts.change(id, changes, now);
    if (result.outcome === 'not-found') return null;
    if (result.outcome === 'last-admin') {
      throw new DomainError(ADMIN_ERROR_CODES.LAST_ADMIN_CONFLICT, ADMIN_MESSAGES.lastAdmin);
    }
    // Nothing that could act for a disabled account is left: enabling it again means signing in and making new tokens.
    if (result.newlyDisabled) {
      await this.sessions.revokeAllForUser(id, now);
      await this.accessTokens.revokeAllOf(id);
    }
    return result.account;
  }

  private async requireAdmin(callerId: string): Promise<UserRecord> {
    const caller = await this.users.findById(callerId);
    if (!caller || caller.disabledAt !== null || caller.role !== 'admin') {
      throw new DomainError(ADMIN_ERROR_CODES.ADMIN_ONLY_FORBIDDEN, ADMIN_MESSAGES.adminOnly);
    }
    return caller;
  }
}
