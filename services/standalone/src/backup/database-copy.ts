import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { PRIVATE_FILE } from './backup-catalog';
import type { SchemaDump, SequenceValue, TableDump } from './backup-manifest';

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** TypeORM's own bookkeeping: a restore rebuilds it by running the recorded migrations. */
const MIGRATIONS_TABLE = 'migrations';

/** The tables of a schema with their stored columns (generated ones are recomputed by PostgreSQL on restore). */
async function tablesOf(client: Client, schema: string): Promise<Array<{ table: string; columns: string[] }>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attnum) AS columns
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relname <> $2 AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     GROUP BY c.relname ORDER BY c.relname`,
    [schema, MIGRATIONS_TABLE],
  );
  return rows;
}

/**
 * Writes every table of `schema` as PostgreSQL's COPY text (gzip) into `dir`, inside the caller's snapshot
 * transaction, with its row count and checksum. COPY text is PostgreSQL's own portable format: a newer server
 * reads it, unlike a file copy of the cluster or the binary format.
 */
export async function dumpSchema(client: Client, schema: string, backupDir: string): Promise<SchemaDump> {
  const migrations = await client.query<{ name: string }>(
    `SELECT name FROM ${quoted(schema)}.${MIGRATIONS_TABLE} ORDER BY id`,
  );
  const tables: TableDump[] = [];
  for (const { table, columns } of await tablesOf(client, schema)) {
    const file = path.posix.join('database', `${schema}.${table}.copy.gz`);
    const hash = createHash('sha256');
    let bytes = 0;
    const source = client.query(
      copyTo(`COPY ${quoted(schema)}.${quoted(table)} (${columns.map(quoted).join(', ')}) TO STDOUT`),
    );
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(
      source,
      createGzip(),
      measure,
      createWriteStream(path.join(backupDir, file), { flags: 'wx', mode: PRIVATE_FILE }),
    );
    tables.push({ table, columns, rows: source.rowCount, file, sha256: hash.digest('hex'), bytes });
  }
  return { schema, migrations: migrations.rows.map((row) => row.name), tables };
}

export async function sequencesOf(client: Client, schemas: string[]): Promise<SequenceValue[]> {
  const { rows } = await client.query<{
    schema: string;
    sequence: string;
    last_value: string | null;
    is_called: boolean;
  }>(
    `SELECT schemaname AS schema, sequencename AS sequence, last_value::text, last_value IS NOT NULL AS is_called
     FROM pg_sequences WHERE schemaname = ANY($1) AND sequencename NOT LIKE $2 ORDER BY 1, 2`,
    [schemas, `${MIGRATIONS_TABLE}%`],
  );
  return rows.map((row) => ({
    schema: row.schema,
    sequence: row.sequence,
    lastValue: row.last_value,
    isCalled: row.is_called,
  }));
}

/**
 * Loads a backup's tables into a database whose schemas the recorded migrations just built, in one transaction:
 * what was there is emptied first (a migration may have seeded rows), triggers and foreign-key checks are off
 * while loading (the rows come from one consistent snapshot, and derived tables such as counters are in it too),
 * and every table must take exactly the rows the manifest counted.
 */
export async function loadSchemas(
  client: Client,
  backupDir: string,
  schemas: SchemaDump[],
  sequences: SequenceValue[],
): Promise<void> {
  const tables = schemas.flatMap(({ schema, tables: dumps }) => dumps.map((dump) => ({ schema, ...dump })));
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL session_replication_role = replica`);
    if (tables.length > 0)
      await client.query(
        `TRUNCATE ${tables.map(({ schema, table }) => `${quoted(schema)}.${quoted(table)}`).join(', ')}`,
      );
    for (const { schema, table, columns, file, rows } of tables) {
      const target = client.query(
        copyFrom(`COPY ${quoted(schema)}.${quoted(table)} (${columns.map(quoted).join(', ')}) FROM STDIN`),
      );
      await pipeline(createReadStream(path.join(backupDir, file)), createGunzip(), target);
      if (target.rowCount !== rows)
        throw new Error(`${schema}.${table} took ${target.rowCount} rows, the backup has ${rows}`);
    }
    for (const { schema, sequence, lastValue, isCalled } of sequences) {
      if (lastValue !== null)
        await client.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [
          `${quoted(schema)}.${quoted(sequence)}`,
          lastValue,
          isCalled,
        ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Rows per table of the schemas, for saying what a restore replaced (tables that do not exist are left out). */
export async function countRows(client: Client, schemas: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const schema of schemas) {
    for (const { table } of await tablesOf(client, schema)) {
      const { rows } = await client.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${quoted(schema)}.${quoted(table)}`,
      );
      counts[`${schema}.${table}`] = rows[0].count;
    }
  }
  return counts;
}
