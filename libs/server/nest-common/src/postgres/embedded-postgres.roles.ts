import { Client } from 'pg';
import {
  APP_ROLE,
  LEGACY_SUPERUSER_PASSWORD,
  SUPERUSER,
  type EmbeddedCredentials,
} from './embedded-postgres.credentials';

/** PostgreSQL's "password authentication failed". */
const INVALID_PASSWORD = '28P01';

async function connectAs(port: number, database: string, password: string): Promise<Client> {
  const client = new Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database });
  await client.connect();
  return client;
}

/**
 * The superuser's connection to `database`. A cluster an earlier release made still has the superuser password that
 * was printed in the code: it gets the random one of `credentials` (already on disk), so that only this file opens it.
 */
export async function connectAsSuperuser(
  port: number,
  database: string,
  credentials: EmbeddedCredentials,
  log?: (message: string) => void,
): Promise<Client> {
  try {
    return await connectAs(port, database, credentials.superuserPassword);
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  }
  const client = await connectAs(port, database, LEGACY_SUPERUSER_PASSWORD);
  log?.('Replacing the fixed password of the embedded PostgreSQL with a random one (kept in its data folder).');
  await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${client.escapeLiteral(credentials.superuserPassword)}`);
  return client;
}

/**
 * The application role: it signs in, owns the schemas it makes (and is given those an earlier release made as the
 * superuser), and can do nothing else: no superuser (no `COPY ... TO PROGRAM`, no reading the server's files), no new
 * roles or databases.
 */
export async function ensureAppRole(client: Client, database: string, credentials: EmbeddedCredentials): Promise<void> {
  const role = client.escapeIdentifier(APP_ROLE);
  const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
  const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
  await client.query(
    `${exists.rowCount === 0 ? 'CREATE' : 'ALTER'} ROLE ${role} ${attributes} PASSWORD ${client.escapeLiteral(credentials.appPassword)}`,
  );
  // CREATE: its own schemas, and the trusted extensions the memory service installs into its schema.
  await client.query(`GRANT CONNECT, CREATE, TEMPORARY ON DATABASE ${client.escapeIdentifier(database)} TO ${role}`);
}

/**
 * Gives the application role every schema of the database, with what is in them, that another role owns: the
 * schemas an earlier release created as the superuser. Extensions' own objects stay theirs. Run in that database.
 */
export async function handOverSchemas(client: Client): Promise<string[]> {
  const notOurs = `n.nspname NOT IN ('public', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    AND n.nspowner <> (SELECT oid FROM pg_roles WHERE rolname = ${client.escapeLiteral(APP_ROLE)})`;
  const schemas = await client.query<{ nspname: string }>(`SELECT n.nspname FROM pg_namespace n WHERE ${notOurs}`);
  if (schemas.rows.length === 0) return [];
  const app = client.escapeLiteral(APP_ROLE);
  // Objects an extension made (pg_trgm's functions in the memory schema) stay the extension's; a table's indexes and
  // the sequences of its columns follow the table.
  const notAttached = (catalog: string, deptypes: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = item_oid
                 AND d.deptype IN (${deptypes}))`;
  await client.query('BEGIN');
  try {
    await client.query(`DO $hand_over$
      DECLARE
        app oid := (SELECT oid FROM pg_roles WHERE rolname = ${app});
        ours oid[] := ARRAY(SELECT n.oid FROM pg_namespace n WHERE ${notOurs});
        item record;
      BEGIN
        FOR item IN SELECT unnest(ours)::regnamespace AS name LOOP
          EXECUTE format('ALTER SCHEMA %s OWNER TO %I', item.name, ${app});
        END LOOP;
        FOR item IN
          SELECT c.oid::regclass AS name, c.relkind FROM pg_class c, LATERAL (SELECT c.oid AS item_oid) i
          WHERE c.relnamespace = ANY (ours) AND c.relowner <> app AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
            AND ${notAttached('pg_class', "'e'")}
            -- A column's sequence follows its table (partitions do not: each is handed over itself).
            AND NOT (c.relkind = 'S' AND NOT ${notAttached('pg_class', "'a', 'i'")})
        LOOP
          EXECUTE format('ALTER %s %s OWNER TO %I',
            CASE item.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
              WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
            item.name, ${app});
        END LOOP;
        FOR item IN
          SELECT p.oid::regprocedure AS name FROM pg_proc p, LATERAL (SELECT p.oid AS item_oid) i
          WHERE p.pronamespace = ANY (ours) AND p.proowner <> app AND ${notAttached('pg_proc', "'e'")}
        LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.name, ${app});
        END LOOP;
        FOR item IN
          SELECT t.oid::regtype AS name, t.typtype FROM pg_type t, LATERAL (SELECT t.oid AS item_oid) i
          WHERE t.typnamespace = ANY (ours) AND t.typowner <> app AND t.typtype IN ('e', 'd', 'r', 'm')
            AND ${notAttached('pg_type', "'e', 'i'")}
        LOOP
          EXECUTE format('ALTER %s %s OWNER TO %I', CASE item.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END,
            item.name, ${app});
        END LOOP;
        FOR item IN
          SELECT c.oid::regconfig AS name FROM pg_ts_config c, LATERAL (SELECT c.oid AS item_oid) i
          WHERE c.cfgnamespace = ANY (ours) AND c.cfgowner <> app AND ${notAttached('pg_ts_config', "'e'")}
        LOOP
          EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %s OWNER TO %I', item.name, ${app});
        END LOOP;
        FOR item IN
          SELECT t.oid::regdictionary AS name FROM pg_ts_dict t, LATERAL (SELECT t.oid AS item_oid) i
          WHERE t.dictnamespace = ANY (ours) AND t.dictowner <> app AND ${notAttached('pg_ts_dict', "'e'")}
        LOOP
          EXECUTE format('ALTER TEXT SEARCH DICTIONARY %s OWNER TO %I', item.name, ${app});
        END LOOP;
      END
    $hand_over$`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return schemas.rows.map((row) => row.nspname);
}
