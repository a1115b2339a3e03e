import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
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
   * token was already used. Any other live token of the family (one `reissue` handed out) is revoked with it: using
   * one token of a session settles which copy the browser kept.
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
      await manager.query(
        'UPDATE auth.refresh_tokens SET revoked_at = $3 WHERE family_id = $1 AND id <> $2 AND revoked_at IS NULL',
        [next.familyId, currentId, now],
      );
      await this.insertSuccessor(manager, currentId, next, now, userAgent);
      return true;
    });
  }

  /**
   * A token rotated less than `reuseIntervalMs` ago, presented again while its successor is still unused, gets a new
   * successor beside the unused one: the browser never stored the answer that carried it (a reload aborted the
   * page's refresh, or two tabs refreshed at once). Anything else about a rotated token is a replay, and a token
   * revoked without a successor (signed out) is simply spent.
   */
  async reissue(
    tokenId: string,
    next: NewRefreshToken,
    now: Date,
    reuseIntervalMs: number,
    userAgent: string | null,
  ): Promise<'reissued' | 'replayed' | 'spent'> {
    return this.db.transaction(async (manager) => {
      const [token] = rowsOf<{ revoked_at: Date | null; replaced_by: string | null }>(
        await manager.query('SELECT revoked_at, replaced_by FROM auth.refresh_tokens WHERE id = $1 FOR UPDATE', [
          tokenId,
        ]),
      );
      if (!token?.replaced_by || token.revoked_at === null) return 'spent';
      // Locked, so the successor cannot be rotated (and this new sibling missed by its sweep) meanwhile.
      const [successor] = rowsOf<{ revoked_at: Date | null; expires_at: Date }>(
        await manager.query('SELECT revoked_at, expires_at FROM auth.refresh_tokens WHERE id = $1 FOR UPDATE', [
          token.replaced_by,
        ]),
      );
      const recent = now.getTime() - token.revoked_at.getTime() < reuseIntervalMs;
      if (!recent || !successor || successor.revoked_at !== null || successor.expires_at <= now) return 'replayed';
      await this.insertSuccessor(manager, tokenId, next, now, userAgent);
      return 'reissued';
    });
  }

  /** Stores `next` as the successor of `previousId` and marks the session used now, by this browser. */
  private async insertSuccessor(
    manager: EntityManager,
    previousId: string,
    next: NewRefreshToken,
    now: Date,
    userAgent: string | null,
  ): Promise<void> {
    const inserted = rowsOf<{ id: string }>(
      await manager.query(
        'INSERT INTO auth.refresh_tokens (user_id, family_id, token_hash, persistent, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [next.userId, next.familyId, next.tokenHash, next.persistent, next.expiresAt],
      ),
    );
    await manager.query('UPDATE auth.refresh_tokens SET replaced_by = $2 WHERE id = $1', [previousId, inserted[0].id]);
    // The browser may have been updated since it signed in.
    await manager.query(
      'UPDATE auth.sessions SET last_used_at = $2, expires_at = $3, user_agent = COALESCE($4, user_agent) WHERE id = $1',
      [next.familyId, now, next.expiresAt, userAgent],
    );
  }
}
