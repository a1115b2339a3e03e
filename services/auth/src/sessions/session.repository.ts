import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

/** The first refresh token of a new session (refresh-token family). */
export interface NewSession {
  userId: string;
  familyId: string;
  tokenHash: string;
  persistent: boolean;
  expiresAt: Date;
  userAgent: string | null;
  /** The ID token of a session that single sign-on started (the provider's logout takes it as a hint). */
  idToken?: string;
}

export interface SessionRecord {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

interface SessionRow {
  id: string;
  user_agent: string | null;
  created_at: Date;
  last_used_at: Date;
}

/**
 * auth.sessions: one row per refresh-token family (a signed-in device). Revoking a session revokes its row and
 * every refresh token of the family in one statement, so a revoked device can never refresh again.
 */
@Injectable()
export class SessionRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async create(session: NewSession): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query(
        'INSERT INTO auth.sessions (id, user_id, user_agent, expires_at, id_token) VALUES ($1, $2, $3, $4, $5)',
        [session.familyId, session.userId, session.userAgent, session.expiresAt, session.idToken ?? null],
      );
      await manager.query(
        'INSERT INTO auth.refresh_tokens (user_id, family_id, token_hash, persistent, expires_at) VALUES ($1, $2, $3, $4, $5)',
        [session.userId, session.familyId, session.tokenHash, session.persistent, session.expiresAt],
      );
    });
  }

  /** The user's sessions that can still refresh, most recently used first. */
  async listActive(userId: string, now: Date): Promise<SessionRecord[]> {
    const rows = rowsOf<SessionRow>(
      await this.db.query(
        `SELECT id, user_agent, created_at, last_used_at FROM auth.sessions
         WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2 ORDER BY last_used_at DESC, created_at DESC`,
        [userId, now],
      ),
    );
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.user_agent,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** Revokes one session of the user; false when the user has no such active session. */
  async revokeOne(userId: string, sessionId: string, now: Date): Promise<boolean> {
    return (await this.revokeWhere('user_id = $1 AND id = $3', [userId, now, sessionId])) > 0;
  }

  /** The ID token that started a session by single sign-on; null for any other session. */
  async idTokenOf(familyId: string): Promise<string | null> {
    const rows = rowsOf<{ id_token: string | null }>(
      await this.db.query('SELECT id_token FROM auth.sessions WHERE id = $1', [familyId]),
    );
    return rows[0]?.id_token ?? null;
  }

  async revoke(familyId: string, now: Date): Promise<void> {
    await this.revokeWhere('id = $1', [familyId, now]);
  }

  /** Revokes every session of the user except `keepFamilyId` (if given): the number of sessions revoked. */
  async revokeAllForUser(userId: string, now: Date, keepFamilyId?: string): Promise<number> {
    return keepFamilyId
      ? this.revokeWhere('user_id = $1 AND id <> $3', [userId, now, keepFamilyId])
      : this.revokeWhere('user_id = $1', [userId, now]);
  }

  /** `condition` selects sessions with $1 (and $3); $2 is the time of revocation. */
  private async revokeWhere(condition: string, parameters: unknown[]): Promise<number> {
    const rows = rowsOf<{ id: string }>(
      await this.db.query(
        `WITH revoked AS (
           UPDATE auth.sessions SET revoked_at = $2 WHERE ${condition} AND revoked_at IS NULL AND expires_at > $2 RETURNING id
         ), tokens AS (
           UPDATE auth.refresh_tokens SET revoked_at = $2
           WHERE family_id IN (SELECT id FROM auth.sessions WHERE ${condition}) AND revoked_at IS NULL
         )
         SELECT id FROM revoked`,
        parameters,
      ),
    );
    return rows.length;
  }
}
