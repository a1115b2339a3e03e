import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

/** Who a provider says signed in: its issuer and its subject for that person, and the address it gave. */
export interface ProviderSubject {
  issuer: string;
  subject: string;
  email: string | null;
}

export interface LinkedIdentityRecord extends ProviderSubject {
  id: string;
  userId: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface LinkedIdentityRow {
  id: string;
  user_id: string;
  issuer: string;
  subject: string;
  email: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, issuer, subject, email, created_at, last_used_at';

const toRecord = (row: LinkedIdentityRow): LinkedIdentityRecord => ({
  id: row.id,
  userId: row.user_id,
  issuer: row.issuer,
  subject: row.subject,
  email: row.email,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** auth.linked_identities: an account's sign-ins at providers, one (issuer, subject) for one account. */
@Injectable()
export class LinkedIdentityRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async find(issuer: string, subject: string): Promise<LinkedIdentityRecord | null> {
    const rows = rowsOf<LinkedIdentityRow>(
      await this.db.query(`SELECT ${COLUMNS} FROM auth.linked_identities WHERE issuer = $1 AND subject = $2`, [
        issuer,
        subject,
      ]),
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async listOf(userId: string): Promise<LinkedIdentityRecord[]> {
    return rowsOf<LinkedIdentityRow>(
      await this.db.query(`SELECT ${COLUMNS} FROM auth.linked_identities WHERE user_id = $1 ORDER BY created_at`, [
        userId,
      ]),
    ).map(toRecord);
  }

  /**
   * Links a provider's subject to an account and records this sign-in; the identity of another account (also one a
   * concurrent link just made) is left alone and answered, so the caller can refuse.
   */
  async link(userId: string, identity: ProviderSubject, now: Date): Promise<LinkedIdentityRecord> {
    const rows = rowsOf<LinkedIdentityRow>(
      await this.db.query(
        `INSERT INTO auth.linked_identities (user_id, issuer, subject, email, created_at, last_used_at)
         VALUES ($1, $2, $3, $4, $5, $5)
         ON CONFLICT (issuer, subject) DO UPDATE SET email = EXCLUDED.email, last_used_at = EXCLUDED.last_used_at
           WHERE auth.linked_identities.user_id = EXCLUDED.user_id
         RETURNING ${COLUMNS}`,
        [userId, identity.issuer, identity.subject, identity.email, now],
      ),
    );
    return rows[0] ? toRecord(rows[0]) : ((await this.find(identity.issuer, identity.subject)) as LinkedIdentityRecord);
  }

  /** Records a sign-in with a linked identity, and the address the provider gives now. */
  async touch(id: string, email: string | null, now: Date): Promise<void> {
    await this.db.query('UPDATE auth.linked_identities SET email = $2, last_used_at = $3 WHERE id = $1', [
      id,
      email,
      now,
    ]);
  }

  /** Removes one identity of the account; false when the account has no such identity. */
  async unlink(userId: string, id: string): Promise<boolean> {
    const rows = rowsOf(
      await this.db.query('DELETE FROM auth.linked_identities WHERE id = $1 AND user_id = $2 RETURNING id', [
        id,
        userId,
      ]),
    );
    return rows.length > 0;
  }
}
