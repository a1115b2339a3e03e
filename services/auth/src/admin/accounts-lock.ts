import type { EntityManager } from 'typeorm';

/**
 * One transaction at a time changes who is an admin or may sign in: taken by sign-ups (the first account becomes
 * the admin), role and disable changes and the admin command, so "at least one enabled admin" and "the first
 * account is the admin" hold under concurrent requests (two admins demoting each other at once: one gets 409).
 */
export async function lockAccounts(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('memories.auth.accounts'))`);
}

/** Whether another enabled admin than `userId` exists (inside the lock). */
export async function anotherEnabledAdmin(manager: EntityManager, userId: string): Promise<boolean> {
  const rows = (await manager.query(
    `SELECT 1 FROM auth.users WHERE role = 'admin' AND disabled_at IS NULL AND id <> $1 LIMIT 1`,
    [userId],
  )) as unknown[];
  return rows.length > 0;
}

/**
 * Whether deleting the account keeps an enabled admin on the instance (inside the lock): it is not the last enabled
 * admin, or it is the last account of all (the next sign-up becomes the admin of the empty instance).
 */
export async function deletionKeepsAnAdmin(manager: EntityManager, userId: string): Promise<boolean> {
  const [account] = (await manager.query('SELECT role, disabled_at FROM auth.users WHERE id = $1', [userId])) as Array<{
    role: string;
    disabled_at: Date | null;
  }>;
  if (!account || account.role !== 'admin' || account.disabled_at !== null) return true;
  if (await anotherEnabledAdmin(manager, userId)) return true;
  return ((await manager.query('SELECT 1 FROM auth.users WHERE id <> $1 LIMIT 1', [userId])) as unknown[]).length === 0;
}
