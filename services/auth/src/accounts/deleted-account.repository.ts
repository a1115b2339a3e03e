import { Inject, Injectable } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AccountDeletion } from '@memories/contracts';
import { rowsOf } from '@memories/nest-common';
import { handOverAdmin, lockAccounts } from '../admin/accounts-lock';

/** auth.users and auth.deleted_accounts together: an account leaves and its deletion is recorded in one transaction. */
@Injectable()
export class DeletedAccountRepository {
  constructor(@Inject(getDataSourceToken('auth')) private readonly db: DataSource) {}

  /**
   * Deletes the user (their sessions and one-time tokens go with them by cascade) and records the deletion; false
   * when there was no such user (a second delete at the same time). When it was the last enabled admin, the oldest
   * remaining account becomes the admin. The lock on the record makes positions follow commit order.
   */
  async deleteAndRecord(userId: string): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      await lockAccounts(manager);
      await manager.query('LOCK TABLE "auth"."deleted_accounts" IN EXCLUSIVE MODE');
      const deleted = rowsOf<{ id: string }>(
        await manager.query('DELETE FROM "auth"."users" WHERE "id" = $1 RETURNING "id"', [userId]),
      );
      if (deleted.length === 0) return false;
      await manager.query('INSERT INTO "auth"."deleted_accounts" ("user_id") VALUES ($1)', [userId]);
      await handOverAdmin(manager);
      return true;
    });
  }

  async after(position: number, limit: number): Promise<AccountDeletion[]> {
    const rows = rowsOf<{ position: string; user_id: string }>(
      await this.db.query(
        'SELECT "position", "user_id" FROM "auth"."deleted_accounts" WHERE "position" > $1 ORDER BY "position" LIMIT $2',
        [position, limit],
      ),
    );
    return rows.map((row) => ({ position: Number(row.position), userId: row.user_id }));
  }
}
