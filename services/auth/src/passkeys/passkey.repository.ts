import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import type { StoredCredential } from './webauthn-ceremonies';

export interface PasskeyRecord extends StoredCredential {
  id: string;
  userId: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export type CeremonyPurpose = 'registration' | 'authentication';

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, user_id, credential_id, public_key, counter, transports, name, created_at, last_used_at';
const UNIQUE_VIOLATION = '23505';

function toRecord(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** auth.passkeys (public keys of WebAuthn credentials) and auth.webauthn_challenges (single-use, expiring). */
@Injectable()
export class PasskeyRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async listForUser(userId: string): Promise<PasskeyRecord[]> {
    return rowsOf<PasskeyRow>(
      await this.db.query(`SELECT ${COLUMNS} FROM auth.passkeys WHERE user_id = $1 ORDER BY created_at`, [userId]),
    ).map(toRecord);
  }

  async findByCredentialId(credentialId: string): Promise<PasskeyRecord | null> {
    const rows = rowsOf<PasskeyRow>(
      await this.db.query(`SELECT ${COLUMNS} FROM auth.passkeys WHERE credential_id = $1`, [credentialId]),
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** null when the credential is already registered (to anyone). */
  async create(userId: string, name: string, credential: StoredCredential): Promise<PasskeyRecord | null> {
    try {
      const rows = rowsOf<PasskeyRow>(
        await this.db.query(
          `INSERT INTO auth.passkeys (user_id, credential_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [
            userId,
            credential.credentialId,
            Buffer.from(credential.publicKey),
            credential.counter,
            credential.transports,
            name,
          ],
        ),
      );
      return toRecord(rows[0]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
      throw error;
    }
  }

  async markUsed(id: string, counter: number, now: Date): Promise<void> {
    await this.db.query('UPDATE auth.passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [id, counter, now]);
  }

  async delete(userId: string, id: string): Promise<boolean> {
    return (
      rowsOf<{ id: string }>(
        await this.db.query('DELETE FROM auth.passkeys WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]),
      ).length > 0
    );
  }

  /** Removes every passkey of the user (a password reset that asked for it): how many there were. */
  async deleteAllForUser(userId: string): Promise<number> {
    return rowsOf<{ id: string }>(
      await this.db.query('DELETE FROM auth.passkeys WHERE user_id = $1 RETURNING id', [userId]),
    ).length;
  }

  /** Stores a challenge (and drops expired ones, so abandoned ceremonies leave nothing behind): its id. */
  async saveChallenge(
    purpose: CeremonyPurpose,
    userId: string | null,
    challenge: string,
    expiresAt: Date,
    now: Date,
  ): Promise<string> {
    await this.db.query('DELETE FROM auth.webauthn_challenges WHERE expires_at <= $1', [now]);
    const rows = rowsOf<{ id: string }>(
      await this.db.query(
        'INSERT INTO auth.webauthn_challenges (user_id, purpose, challenge, expires_at) VALUES ($1, $2, $3, $4) RETURNING id',
        [userId, purpose, challenge, expiresAt],
      ),
    );
    return rows[0].id;
  }

  /** Uses a challenge once: its value when it exists for this purpose and user and has not expired. */
  async takeChallenge(id: string, purpose: CeremonyPurpose, userId: string | null, now: Date): Promise<string | null> {
    const rows = rowsOf<{ challenge: string }>(
      await this.db.query(
        `DELETE FROM auth.webauthn_challenges
         WHERE id = $1 AND purpose = $2 AND user_id IS NOT DISTINCT FROM $3::uuid AND expires_at > $4 RETURNING challenge`,
        [id, purpose, userId, now],
      ),
    );
    return rows[0]?.challenge ?? null;
  }
}
