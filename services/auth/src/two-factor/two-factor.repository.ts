import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { rowsOf } from '@memories/nest-common';

export interface TwoFactorRecord {
  secretCiphertext: string;
  /** null while the set-up waits for its first code. */
  enabledAt: Date | null;
  /** The time step of the last code accepted; a code of this step or earlier is refused. */
  lastUsedStep: number | null;
}

interface TwoFactorRow {
  secret_ciphertext: string;
  enabled_at: Date | null;
  last_used_step: string | null;
}

/** auth.two_factor (one TOTP secret per user, encrypted) and auth.recovery_codes (by SHA-256 hash). */
@Injectable()
export class TwoFactorRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async find(userId: string): Promise<TwoFactorRecord | null> {
    const rows = rowsOf<TwoFactorRow>(
      await this.db.query(
        'SELECT secret_ciphertext, enabled_at, last_used_step FROM auth.two_factor WHERE user_id = $1',
        [userId],
      ),
    );
    const row = rows[0];
    return row
      ? {
          secretCiphertext: row.secret_ciphertext,
          enabledAt: row.enabled_at,
          lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
        }
      : null;
  }

  /** Keeps a new secret waiting for its first code; false when two-factor sign-in is already on. */
  async savePending(userId: string, secretCiphertext: string): Promise<boolean> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.query(
        `INSERT INTO auth.two_factor (user_id, secret_ciphertext) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, last_used_step = NULL, created_at = now()
         WHERE auth.two_factor.enabled_at IS NULL
         RETURNING user_id`,
        [userId, secretCiphertext],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Turns two-factor sign-in on with the step of the confirming code and fresh recovery codes; false if it already was.
   */
  async enable(userId: string, step: number, recoveryCodeHashes: string[], now: Date): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const rows = rowsOf<{ user_id: string }>(
        await manager.query(
          `UPDATE auth.two_factor SET enabled_at = $3, last_used_step = $2, failed_attempts = 0, failures_since = NULL
           WHERE user_id = $1 AND enabled_at IS NULL RETURNING user_id`,
          [userId, step, now],
        ),
      );
      if (rows.length === 0) return false;
      await this.replaceCodes(manager, userId, recoveryCodeHashes);
      return true;
    });
  }

  /** Turns two-factor sign-in off: the secret and every recovery code go. */
  async remove(userId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.query('DELETE FROM auth.recovery_codes WHERE user_id = $1', [userId]);
      await manager.query('DELETE FROM auth.two_factor WHERE user_id = $1', [userId]);
    });
  }

  async replaceRecoveryCodes(userId: string, recoveryCodeHashes: string[]): Promise<void> {
    await this.db.transaction((manager) => this.replaceCodes(manager, userId, recoveryCodeHashes));
  }

  async countRecoveryCodesLeft(userId: string): Promise<number> {
    const rows = rowsOf<{ left: string }>(
      await this.db.query('SELECT count(*) AS left FROM auth.recovery_codes WHERE user_id = $1 AND used_at IS NULL', [
        userId,
      ]),
    );
    return Number(rows[0]?.left ?? 0);
  }

  /**
   * Takes one sign-in attempt of the user's budget: false when `limit` attempts were already made since
   * `windowStart` (the caller answers "too many"). Atomic, so parallel attempts cannot exceed the budget.
   */
  async takeAttempt(userId: string, limit: number, windowStart: Date, now: Date): Promise<boolean> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.query(
        `UPDATE auth.two_factor SET
           failed_attempts = CASE WHEN failures_since > $3 THEN failed_attempts + 1 ELSE 1 END,
           failures_since = CASE WHEN failures_since > $3 THEN failures_since ELSE $4 END
         WHERE user_id = $1 AND enabled_at IS NOT NULL AND NOT (failures_since > $3 AND failed_attempts >= $2)
         RETURNING user_id`,
        [userId, limit, windowStart, now],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Records a TOTP code as used: only when its step is later than the last one used (atomic, so the same code sent
   * twice at once passes once). A success also clears the attempt budget.
   */
  async useStep(userId: string, step: number): Promise<boolean> {
    const rows = rowsOf<{ user_id: string }>(
      await this.db.query(
        `UPDATE auth.two_factor SET last_used_step = $2, failed_attempts = 0, failures_since = NULL
         WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2) RETURNING user_id`,
        [userId, step],
      ),
    );
    return rows.length > 0;
  }

  /** Uses a recovery code once: true when it was the user's and unused. */
  async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const rows = rowsOf<{ id: string }>(
        await manager.query(
          'UPDATE auth.recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
          [userId, codeHash, now],
        ),
      );
      if (rows.length === 0) return false;
      await manager.query('UPDATE auth.two_factor SET failed_attempts = 0, failures_since = NULL WHERE user_id = $1', [
        userId,
      ]);
      return true;
    });
  }

  private async replaceCodes(manager: EntityManager, userId: string, hashes: string[]): Promise<void> {
    await manager.query('DELETE FROM auth.recovery_codes WHERE user_id = $1', [userId]);
    await manager.query('INSERT INTO auth.recovery_codes (user_id, code_hash) SELECT $1, unnest($2::char(64)[])', [
      userId,
      hashes,
    ]);
  }
}
