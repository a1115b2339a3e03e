import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';

/** The one table that keeps a deleted account's id on purpose: the record of deletions other services follow. */
const RECORD_OF_DELETIONS = 'auth.deleted_accounts';
const USER_COLUMNS = ['user_id', 'owner_id'];

/**
 * How many rows in the services' schemas belong to one user, table by table: every column named user_id or
 * owner_id (so tables added later count too) and the user's own row. Tables with none are left out.
 */
export async function countAccountRows(databaseUrl: string, userId: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = await client.query<{ table: string; column: string }>(
      `SELECT table_schema || '.' || table_name AS "table", column_name AS "column" FROM information_schema.columns
       WHERE table_schema IN ('auth', 'memory', 'upload') AND column_name = ANY($1::text[])`,
      [USER_COLUMNS],
    );
    const counts: Record<string, number> = {};
    const sources = [
      ...columns.rows.filter((row) => row.table !== RECORD_OF_DELETIONS),
      { table: 'auth.users', column: 'id' },
    ];
    for (const { table, column } of sources) {
      const [schema, name] = table.split('.');
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}"."${name}" WHERE "${column}"::text = $1`,
        [userId],
      );
      if (rows[0].n > 0) counts[`${table}.${column}`] = rows[0].n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The files the upload service's local storage holds for one user (`<root>/users/<userId>/…`). */
export async function countUserFiles(storageRoot: string, userId: string): Promise<number> {
  const entries = await readdir(path.join(storageRoot, 'users', userId), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}
