import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rowsOf } from '@memories/nest-common';
import type { NewUser, UserRecord } from '../users/user.record';
import { USER_COLUMNS, toUserRecord, type UserRow } from '../users/user.repository';
import { lockAccounts } from './accounts-lock';

/** How a new account may come in: through an invite (by id), or without one, only where sign-up is open. */
export interface AdmissionRules {
  inviteId: string | null;
  /** The invite named this address: it reached its owner, so the address counts as verified. */
  emailVerified: boolean;
  /** Without an invite, only the first account of an empty instance gets in. */
  inviteRequired: boolean;
}

export type Admission =
  | { outcome: 'created'; user: UserRecord }
  | { outcome: 'email-taken' }
  | { outcome: 'invite-used' }
  | { outcome: 'signup-closed' };

class Refused extends Error {
  constructor(readonly outcome: 'invite-used') {
    super(outcome);
  }
}

/**
 * Creates accounts, in one transaction under the accounts lock: the first account of an instance becomes its admin,
 * an invite is used up by exactly one account, and an e-mail taken (also by a concurrent sign-up) changes nothing.
 */
@Injectable()
export class AccountAdmissionRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  async create(user: NewUser, rules: AdmissionRules, now: Date): Promise<Admission> {
    try {
      return await this.db.transaction(async (manager): Promise<Admission> => {
        await lockAccounts(manager);
        const empty = rowsOf(await manager.query('SELECT 1 FROM auth.users LIMIT 1')).length === 0;
        if (!rules.inviteId && rules.inviteRequired && !empty) return { outcome: 'signup-closed' };
        const rows = rowsOf<UserRow>(
          await manager.query(
            `INSERT INTO auth.users (name, email, phone_number, password_hash, role, email_verified_at)
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
            [
              user.name,
              user.email,
              user.phoneNumber,
              user.passwordHash,
              empty ? 'admin' : 'member',
              rules.emailVerified ? now : null,
            ],
          ),
        );
        if (!rows[0]) return { outcome: 'email-taken' };
        if (rules.inviteId) {
          const used = rowsOf(
            await manager.query(
              `UPDATE auth.invites SET used_at = $3, used_by = $2
               WHERE id = $1 AND used_at IS NULL AND expires_at > $3 RETURNING id`,
              [rules.inviteId, rows[0].id, now],
            ),
          );
          // Used by a concurrent sign-up, revoked or expired since it was checked: this account is not made.
          if (used.length === 0) throw new Refused('invite-used');
        }
        return { outcome: 'created', user: toUserRecord(rows[0]) };
      });
    } catch (error) {
      if (error instanceof Refused) return { outcome: error.outcome };
      throw error;
    }
  }
}
