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
 * After the last enabled admin's account is deleted (inside the lock): the oldest remaining account (an enabled one
 * if there is any) becomes the admin, as on an upgrade, so the instance keeps one and nobody is kept from leaving.
 */
export async function handOverAdmin(manager: EntityManager): Promise<void> {
  await manager.query(`
    UPDATE auth.users SET role = 'admin', updated_at = now()
    WHERE NOT EXISTS (SELECT 1 FROM auth.users WHERE role = 'admin' AND disabled_at IS NULL)
      AND id = (SELECT id FROM auth.users ORDER BY disabled_at IS NOT NULL, created_at, id LIMIT 1)`);
}
