import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

export interface InviteRecord {
  id: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
}

interface InviteRow {
  id: string;
  email: string | null;
  created_at: Date;
  expires_at: Date;
}

const toRecord = (row: InviteRow): InviteRecord => ({
  id: row.id,
  email: row.email,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});

/** Most pending invites the admin's list shows, newest first. */
const MAX_LISTED_INVITES = 500;

/** auth.invites: single-use sign-up tokens, stored by SHA-256 hash, optionally bound to one address. */
@Injectable()
export class InviteRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async create(invite: {
    tokenHash: string;
    email: string | null;
    createdBy: string;
    expiresAt: Date;
  }): Promise<InviteRecord> {
    const rows = rowsOf<InviteRow>(
      await this.db.query(
        `INSERT INTO auth.invites (token_hash, email, created_by, expires_at) VALUES ($1, $2, $3, $4)
         RETURNING id, email, created_at, expires_at`,
        [invite.tokenHash, invite.email, invite.createdBy, invite.expiresAt],
      ),
    );
    return toRecord(rows[0]);
  }

  /** The invite of this token if it can still be used (not used, not revoked, not expired). */
  async findUsable(tokenHash: string, now: Date): Promise<InviteRecord | null> {
    const rows = rowsOf<InviteRow>(
      await this.db.query(
        `SELECT id, email, created_at, expires_at FROM auth.invites
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
        [tokenHash, now],
      ),
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listPending(now: Date): Promise<InviteRecord[]> {
    return rowsOf<InviteRow>(
      await this.db.query(
        `SELECT id, email, created_at, expires_at FROM auth.invites
         WHERE used_at IS NULL AND expires_at > $1 ORDER BY created_at DESC, id LIMIT ${MAX_LISTED_INVITES}`,
        [now],
      ),
    ).map(toRecord);
  }

  /** Deletes an invite nobody used yet; false when there is none (unknown, or already used). */
  async revoke(id: string): Promise<boolean> {
    return (
      rowsOf(await this.db.query('DELETE FROM auth.invites WHERE id = $1 AND used_at IS NULL RETURNING id', [id]))
        .length === 1
    );
  }
}
