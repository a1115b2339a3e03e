import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

export type ActionTokenPurpose = 'password-reset' | 'email-verification';

export interface NewActionToken {
  userId: string;
  purpose: ActionTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
}

/** auth.action_tokens: single-use, expiring tokens sent by e-mail, stored by SHA-256 hash. */
@Injectable()
export class ActionTokenRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async create(token: NewActionToken): Promise<void> {
    await this.db.query(
      'INSERT INTO auth.action_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
      [token.userId, token.purpose, token.tokenHash, token.expiresAt],
    );
  }

  /** Uses a token once, atomically: the user id when it was valid, unused and unexpired, otherwise null. */
  async consume(tokenHash: string, purpose: ActionTokenPurpose, now: Date): Promise<string | null> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.query(
        `UPDATE auth.action_tokens SET used_at = $3
         WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id`,
        [tokenHash, purpose, now],
      ),
    );
    return rows[0]?.user_id ?? null;
  }

  /** Retires every open token of a purpose (e.g. the other reset links once the password is reset). */
  async retireAll(userId: string, purpose: ActionTokenPurpose, now: Date): Promise<void> {
    await this.db.query(
      'UPDATE auth.action_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [userId, purpose, now],
    );
  }
}
