import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserRole } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import type { UserProfileChanges, UserRecord } from './user.record';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  profile_image_url: string | null;
  password_hash: string | null;
  email_verified_at: Date | null;
  created_at: Date;
  role: UserRole;
  disabled_at: Date | null;
}

export const USER_COLUMNS =
  'id, name, email, phone_number, profile_image_url, password_hash, email_verified_at, created_at, role, disabled_at';
export function toUserRecord(row: UserRow): UserRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    profileImageUrl: row.profile_image_url,
    passwordHash: row.password_hash,
    emailVerifiedAt: row.email_verified_at,
    createdAt: row.created_at,
    role: row.role,
    disabledAt: row.disabled_at,
  };
}

/** auth.users. E-mail look-ups are case-insensitive, matching the unique index on lower(email). */
@Injectable()
export class UserRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async findByEmail(email: string): Promise<UserRecord | null> {
    const rows = rowsOf<UserRow>(
      await this.db.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE lower(email) = lower($1)`, [email]),
    );
    return rows[0] ? toUserRecord(rows[0]) : null;
  }

  async findById(id: string): Promise<UserRecord | null> {
    const rows = rowsOf<UserRow>(await this.db.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [id]));
    return rows[0] ? toUserRecord(rows[0]) : null;
  }

  async findByIds(ids: string[]): Promise<UserRecord[]> {
    if (ids.length === 0) return [];
    return rowsOf<UserRow>(
      await this.db.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = ANY($1::uuid[])`, [ids]),
    ).map(toUserRecord);
  }

  async updateProfile(id: string, changes: UserProfileChanges): Promise<UserRecord | null> {
    const rows = rowsOf<UserRow>(
      await this.db.query(
        `UPDATE auth.users SET
         name = CASE WHEN $2 THEN $3 ELSE name END,
         phone_number = CASE WHEN $4 THEN $5 ELSE phone_number END,
         profile_image_url = CASE WHEN $6 THEN $7 ELSE profile_image_url END,
         updated_at = now()
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [
          id,
          changes.name !== undefined,
          changes.name ?? null,
          changes.phoneNumber !== undefined,
          changes.phoneNumber ?? null,
          changes.profileImageUrl !== undefined,
          changes.profileImageUrl ?? null,
        ],
      ),
    );
    return rows[0] ? toUserRecord(rows[0]) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE auth.users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      id,
      passwordHash,
    ]);
  }

  async markEmailVerified(id: string, at: Date): Promise<UserRecord | null> {
    const rows = rowsOf<UserRow>(
      await this.db.query(
        `UPDATE auth.users SET email_verified_at = COALESCE(email_verified_at, $2), updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [id, at],
      ),
    );
    return rows[0] ? toUserRecord(rows[0]) : null;
  }
}
