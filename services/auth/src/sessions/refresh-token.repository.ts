import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

export interface RefreshTokenRecord {
  id: string;
  userId: string;
  familyId: string;
  persistent: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
  replacedBy: string | null;
}

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  persistent: boolean;
  expiresAt: Date;
}

interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  persistent: boolean;
  expires_at: Date;
  revoked_at: Date | null;
  replaced_by: string | null;
}

/** auth.refresh_tokens: one row per issued refresh token (by SHA-256 hash), chained by family (a session). */
@Injectable()
export class RefreshTokenRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async findByHash(tokenHash: string): Promise<RefreshTokenRecord | null> {
    const rows = rowsOf<RefreshTokenRow>(
      await this.db.query(
        'SELECT id, user_id, family_id, persistent, expires_at, revoked_at, replaced_by FROM auth.refresh_tokens WHERE token_hash = $1',
        [tokenHash],
      ),
    );
    const row = rows[0];
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          familyId: row.family_id,
          persistent: row.persistent,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          replacedBy: row.replaced_by,
        }
      : null;
  }

  /**
   * Replaces a live token by its successor in one transaction, and marks its session used. The old row is claimed
   * with a conditional update, so of two concurrent refreshes with the same token only one wins; false means the
   * token was already used.
   */
  async rotate(currentId: string, next: NewRefreshToken, now: Date, userAgent: string | null): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const claimed = rowsOf<{ id: string }>(
        await manager.query(
          'UPDATE auth.refresh_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
          [currentId, now],
        ),
      );
      if (claimed.length === 0) return false;
      const inserted = rowsOf<{ id: string }>(
        await manager.query(
          'INSERT INTO auth.refresh_tokens (user_id, family_id, token_hash, persistent, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
          [next.userId, next.familyId, next.tokenHash, next.persistent, next.expiresAt],
        ),
      );
      await manager.query('UPDATE auth.refresh_tokens SET replaced_by = $2 WHERE id = $1', [currentId, inserted[0].id]);
      // The session was used now, by this browser (it may have been updated since it signed in).
      await manager.query(
        'UPDATE auth.sessions SET last_used_at = $2, expires_at = $3, user_agent = COALESCE($4, user_agent) WHERE id = $1',
        [next.familyId, now, next.expiresAt, userAgent],
      );
      return true;
    });
  }
}
