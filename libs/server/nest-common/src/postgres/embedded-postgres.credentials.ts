import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The cluster's superuser (initdb's bootstrap role), used only to set the cluster up. */
export const SUPERUSER = 'postgres';
/** The role the application connects as: no superuser, owner of its schemas and nothing else. */
export const APP_ROLE = 'memories';
/** Every cluster made before its passwords were drawn at random had this superuser password (printed in the code). */
export const LEGACY_SUPERUSER_PASSWORD = 'memories-embedded';

/** The passwords of one embedded cluster, kept in a file of the cluster readable by its owner only. */
export interface EmbeddedCredentials {
  superuserPassword: string;
  appPassword: string;
  /**
   * The application role owns every schema: false for a cluster an earlier release made until its schemas are handed
   * over (once, at the start that finds it; never again while the services run).
   */
  settled: boolean;
}

/** Inside the cluster's folder (0700), so that it moves with the data it opens (a restore moves the cluster aside). */
export const credentialsFile = (dataDir: string) => path.join(dataDir, 'memories-credentials.json');

/** Kept next to the cluster while initdb runs (it wants an empty folder), moved in once the cluster exists. */
const pendingFile = (dataDir: string) => `${path.resolve(dataDir)}.credentials.json`;

const password = () => randomBytes(24).toString('base64url');

export function newCredentials(settled: boolean): EmbeddedCredentials {
  return { superuserPassword: password(), appPassword: password(), settled };
}

export function readCredentials(dataDir: string): EmbeddedCredentials | undefined {
  for (const file of [credentialsFile(dataDir), pendingFile(dataDir)]) {
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as EmbeddedCredentials;
  }
  return undefined;
}

/** Written with mode 0600 before anything uses the passwords, so that a crash never leaves a cluster nobody can open. */
export async function writeCredentials(dataDir: string, credentials: EmbeddedCredentials): Promise<void> {
  const ready = existsSync(path.join(dataDir, 'PG_VERSION'));
  const file = ready ? credentialsFile(dataDir) : pendingFile(dataDir);
  await writeFile(`${file}.tmp`, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600, flush: true });
  await rename(`${file}.tmp`, file);
}

/** Moves the credentials drawn before initdb into the cluster it made. */
export async function settleCredentials(dataDir: string): Promise<void> {
  if (existsSync(pendingFile(dataDir))) await rename(pendingFile(dataDir), credentialsFile(dataDir));
}

/** The URL the application connects with: the embedded server's `database` on `port`, as the application role. */
export function embeddedPostgresUrl(dataDir: string, port: number, database: string): string {
  const credentials = readCredentials(dataDir);
  if (!credentials)
    throw new Error(`The embedded PostgreSQL in ${dataDir} has no credentials file yet: start it first.`);
  return `postgres://${APP_ROLE}:${credentials.appPassword}@127.0.0.1:${port}/${database}`;
}
