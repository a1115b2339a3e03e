import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { UserRole } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import type { UserRecord } from '../users/user.record';
import { USER_COLUMNS, toUserRecord, type UserRow } from '../users/user.repository';
import { anotherEnabledAdmin, lockAccounts } from './accounts-lock';

/** An account as the admin's table shows it. */
export interface AccountRecord extends UserRecord {
  lastActiveAt: Date | null;
}

export interface AccountChanges {
  role?: UserRole;
  disabled?: boolean;
  emailVerified?: true;
}

export type AccountChange =
  | { outcome: 'changed'; account: UserRecord; newlyDisabled: boolean }
  | { outcome: 'not-found' }
  | { outcome: 'last-admin' };

/** `%` and `_` in what the admin typed are letters, not patterns. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** auth.users as an admin manages them: pages of accounts, and changes of role and access under the accounts lock. */
@Injectable()
export class AccountAdminRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  /** A page of accounts, oldest first, optionally those whose name or e-mail contains `search`; and their total. */
  async page(search: string, offset: number, limit: number): Promise<{ accounts: AccountRecord[]; total: number }> {
    const filter = search ? 'WHERE lower(u.name) LIKE $1 OR lower(u.email) LIKE $1' : 'WHERE $1::text IS NULL';
    const pattern = search ? likePattern(search) : null;
    const [rows, counted] = await Promise.all([
      this.db.query(
        `SELECT ${USER_COLUMNS.split(', ')
          .map((column) => `u.${column}`)
          .join(', ')},
           (SELECT max(s.last_used_at) FROM auth.sessions s WHERE s.user_id = u.id) AS last_active_at
         FROM auth.users u ${filter} ORDER BY u.created_at, u.id OFFSET $2 LIMIT $3`,
        [pattern, offset, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM auth.users u ${filter}`, [pattern]),
    ]);
    return {
      accounts: rowsOf<UserRow & { last_active_at: Date | null }>(rows).map((row) => ({
        ...toUserRecord(row),
        lastActiveAt: row.last_active_at,
      })),
      total: rowsOf<{ total: number }>(counted)[0].total,
    };
  }

  async lastActiveAt(userId: string): Promise<Date | null> {
    const rows = rowsOf<{ at: Date | null }>(
      await this.db.query('SELECT max(last_used_at) AS at FROM auth.sessions WHERE user_id = $1', [userId]),
    );
    return rows[0]?.at ?? null;
  }

  /**
   * Applies the changes given, unless they would leave the instance without an enabled admin. `newlyDisabled`:
   * the account was enabled and is not any more (its sessions must go).
   */
  async change(userId: string, changes: AccountChanges, now: Date): Promise<AccountChange> {
    return this.db.transaction(async (manager): Promise<AccountChange> => {
      await lockAccounts(manager);
      const current = rowsOf<UserRow>(
        await manager.query(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [userId]),
      )[0];
      if (!current) return { outcome: 'not-found' };
      const role = changes.role ?? current.role;
      const disabled = changes.disabled ?? current.disabled_at !== null;
      const losesAnAdmin = current.role === 'admin' && current.disabled_at === null && (role !== 'admin' || disabled);
      if (losesAnAdmin && !(await anotherEnabledAdmin(manager, userId))) return { outcome: 'last-admin' };
      const rows = rowsOf<UserRow>(
        await manager.query(
          `UPDATE auth.users SET
             role = $2,
             disabled_at = CASE WHEN $3 THEN COALESCE(disabled_at, $5) ELSE NULL END,
             email_verified_at = CASE WHEN $4 THEN COALESCE(email_verified_at, $5) ELSE email_verified_at END,
             updated_at = now()
           WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [userId, role, disabled, changes.emailVerified === true, now],
        ),
      );
      return {
        outcome: 'changed',
        account: toUserRecord(rows[0]),
        newlyDisabled: disabled && current.disabled_at === null,
      };
    });
  }
}
