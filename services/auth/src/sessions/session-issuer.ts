import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, MAX_USER_AGENT_LENGTH, type SessionGrant } from '@memories/contracts';
import { DomainError } from '@memories/nest-common';
import { AuthConfig } from '../config/auth.config';
import { AccessTokenSigner } from '../crypto/access-token.signer';
import { Clock } from '../crypto/clock';
import { SecretTokenGenerator } from '../crypto/secret-token.generator';
import { toAuthUser } from '../users/user.mapper';
import type { UserRecord } from '../users/user.record';
import { SessionRepository } from './session.repository';

const DAY_MS = 24 * 3600_000;

/** A disabled account signs in with no method: 403, not 401 (the sign-in page shows why). */
export function accountDisabled(): DomainError {
  return new DomainError(ADMIN_ERROR_CODES.ACCOUNT_DISABLED, ADMIN_MESSAGES.accountDisabled);
}

/**
 * Starts sessions (password, two-factor, passkey and single sign-on all end here) and builds the grant the gateway
 * turns into the answer and the refresh cookie.
 */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly config: AuthConfig,
    private readonly sessions: SessionRepository,
    private readonly secrets: SecretTokenGenerator,
    private readonly signer: AccessTokenSigner,
    private readonly clock: Clock,
  ) {}

  /** `idToken`: the session comes from single sign-on, whose logout may want it. */
  async start(
    user: UserRecord,
    persistent: boolean,
    userAgent: string | undefined,
    idToken?: string,
  ): Promise<SessionGrant> {
    if (user.disabledAt) throw accountDisabled();
    const refresh = this.secrets.generate();
    const expiresAt = this.refreshExpiry(this.clock.now());
    await this.sessions.create({
      userId: user.id,
      familyId: randomUUID(),
      tokenHash: refresh.hash,
      persistent,
      expiresAt,
      userAgent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH) || null,
      idToken,
    });
    return this.grant(user, refresh.token, persistent, expiresAt);
  }

  async grant(user: UserRecord, refreshToken: string, persistent: boolean, expiresAt: Date): Promise<SessionGrant> {
    return {
      accessToken: await this.signer.sign(user.id),
      user: toAuthUser(user),
      refreshToken,
      persistent,
      refreshExpiresAt: expiresAt.toISOString(),
    };
  }

  refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.AUTH_REFRESH_TOKEN_TTL_DAYS * DAY_MS);
  }
}
