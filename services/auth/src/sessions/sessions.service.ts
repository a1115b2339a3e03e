import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_SECURITY_ERROR_CODES,
  ACCOUNT_SECURITY_MESSAGES,
  type AccountSession,
  type CurrentSessionReference,
} from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { PersonalAccessTokensService } from '../tokens/personal-access-tokens.service';
import { browserLabel } from './browser-label';
import { RefreshTokenRepository } from './refresh-token.repository';
import { SessionRepository } from './session.repository';

/** The account's signed-in devices: list them, sign one out, or sign out all but the one asking. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly secrets: SecretTokenGenerator,
    private readonly clock: Clock,
    private readonly accessTokens: PersonalAccessTokensService,
  ) {}

  async list(userId: string, reference: CurrentSessionReference): Promise<AccountSession[]> {
    const current = await this.currentSessionId(userId, reference);
    const sessions = await this.sessions.listActive(userId, this.clock.now());
    return sessions.map((session) => ({
      id: session.id,
      browser: browserLabel(session.userAgent),
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      current: session.id === current,
    }));
  }

  /** Someone else's session, or one already ended, is "not found": ids of other accounts reveal nothing. */
  async revoke(userId: string, sessionId: string): Promise<{ revoked: true }> {
    if (!(await this.sessions.revokeOne(userId, sessionId, this.clock.now()))) {
      throw new DomainError(ACCOUNT_SECURITY_ERROR_CODES.SESSION_NOT_FOUND, ACCOUNT_SECURITY_MESSAGES.sessionNotFound, {
        id: sessionId,
      });
    }
    return { revoked: true };
  }

  /**
   * Without a usable current session (no cookie), every session is "other". Every personal access token ends too:
   * "sign out everywhere" leaves nothing else that can act for the account.
   */
  async revokeOthers(userId: string, reference: CurrentSessionReference): Promise<{ signedOut: number }> {
    const current = await this.currentSessionId(userId, reference);
    await this.accessTokens.revokeAllOf(userId);
    return { signedOut: await this.sessions.revokeAllForUser(userId, this.clock.now(), current) };
  }

  /** The session of the caller's refresh cookie, when that token is the live one of a session of this user. */
  async currentSessionId(userId: string, { refreshToken }: CurrentSessionReference): Promise<string | undefined> {
    if (!refreshToken) return undefined;
    const token = await this.refreshTokens.findByHash(this.secrets.hash(refreshToken));
    return token && token.userId === userId && token.revokedAt === null ? token.familyId : undefined;
  }
}
