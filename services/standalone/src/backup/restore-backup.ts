import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import {
  EmbeddedPostgresManager,
  isProcessAlive,
  knownMigrationNames,
  migrateDatabase,
  runningPostgresPort,
  OperatorError,
} from '@memories/nest-common';
import type { StandaloneConfig } from '../config/standalone.config';
import { readVerifiedManifest, type BackupManifest } from './backup-manifest';
import { countRows, loadSchemas } from './database-copy';
import { EMBEDDED_DATABASE, SERVICE_DATABASES, instancePaths } from './instance';
import { listStoredFiles, takeFile } from './uploaded-files';

/** What a restore found in DATA_DIR before it replaced it. */
export interface ReplacedData {
  /** Rows per table (`schema.table`), or why the old database could not be read. */
  rows: Record<string, number> | { unreadable: string };
  files: number;
  /** Where the old data was moved (nothing is deleted); undefined when DATA_DIR held nothing. */
  keptIn?: string;
}

export interface RestoreReport {
  backup: BackupManifest;
  replaced: ReplacedData;
  /** Rows per table after the restore (they equal the backup's counts, or the restore failed). */
  restoredRows: Record<string, number>;
  files: number;
}

const schemaNames = () => SERVICE_DATABASES.map((service) => service.schema);

function migrationsFor(schema: string) {
  const service = SERVICE_DATABASES.find((candidate) => candidate.schema === schema);
  if (!service) throw new OperatorError(`The backup holds a schema "${schema}" that this release does not have.`);
  return { service, known: knownMigrationNames(service) };
}

/** Each schema's recorded migrations must be this release's first ones: a newer release's backup is refused. */
function checkMigrations(manifest: BackupManifest): void {
  for (const { schema, migrations } of manifest.schemas) {
    const { known } = migrationsFor(schema);
    const unknown = migrations.filter((name, index) => known[index] !== name);
    if (unknown.length > 0) {
      throw new OperatorError(
        `This backup was made by a newer release of Memories (its "${schema}" data has ${unknown.join(', ')}, which this release does not know). ` +
          'Restore it with that release or a later one.',
      );
    }
  }
}

async function assertStopped(postgresDir: string): Promise<void> {
  const owner = Number.parseInt(await readFile(`${postgresDir}.owner.pid`, 'utf8').catch(() => ''), 10);
  if ((Number.isInteger(owner) && isProcessAlive(owner)) || (await runningPostgresPort(postgresDir)) !== undefined) {
    throw new OperatorError(
      'Memories is running on this DATA_DIR. Stop it first (Ctrl-C where it runs), then restore again.',
    );
  }
}

/**
 * Runs `work` with the embedded server of `postgresDir` started for it: the application's URL, and the superuser's
 * (loading rows with triggers and foreign keys paused takes it; the schemas stay the application role's).
 */
async function withEmbeddedServer<T>(
  postgresDir: string,
  port: number,
  work: (url: string, superuserUrl: string) => Promise<T>,
): Promise<T> {
  const manager = new EmbeddedPostgresManager({ dataDir: postgresDir, port, database: EMBEDDED_DATABASE });
  try {
    return await work(await manager.start(), manager.superuserUrl);
  } finally {
    await manager.stop();
  }
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'memories-restore' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into a stopped `npm start` instance. The backup is verified whole first (checksums, sizes, a
 * release that knows its migrations); the instance's current data is counted, then moved aside to
 * DATA_DIR/replaced-<time>/ (never deleted); a new cluster gets exactly the backup's schema by running its recorded
 * migrations, then its rows and files. If anything fails, the moved data is put back as it was.
 */
export async function restoreBackup(
  config: StandaloneConfig,
  backupPath: string,
  log: (message: string) => void = () => undefined,
): Promise<RestoreReport> {
  if (config.DATABASE_URL) {
    throw new OperatorError(
      'npm run restore restores the embedded database of npm start, and DATABASE_URL is set: restore that PostgreSQL with its own tools (docs/deploy.md).',
    );
  }
  const backupDir = path.resolve(backupPath);
  const manifest = await readVerifiedManifest(backupDir);
  checkMigrations(manifest);
  const { dataDir, postgresDir, uploadsDir } = instancePaths(config);
  await assertStopped(postgresDir);

  const replaced: ReplacedData = { rows: {}, files: (await listStoredFiles(uploadsDir)).length };
  const hadDatabase = existsSync(path.join(postgresDir, 'PG_VERSION'));
  if (hadDatabase) {
    log('Counting what this instance holds now...');
    replaced.rows = await withEmbeddedServer(postgresDir, config.EMBEDDED_POSTGRES_PORT, (url) =>
      withClient(url, (client) => countRows(client, schemaNames())),
    ).catch((error: unknown) => ({
      unreadable: error instanceof Error ? error.message.split('\n')[0] : String(error),
    }));
  }
  const moved = [postgresDir, uploadsDir].filter((folder) => existsSync(folder));
  if (moved.length > 0) {
    replaced.keptIn = path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    await mkdir(replaced.keptIn, { recursive: true });
    for (const folder of moved) await rename(folder, path.join(replaced.keptIn, path.basename(folder)));
  }

  try {
    log('Rebuilding the database from the backup...');
    const restoredRows = await withEmbeddedServer(
      postgresDir,
      config.EMBEDDED_POSTGRES_PORT,
      async (url, superuserUrl) => {
        for (const { schema, migrations } of manifest.schemas) {
          const { service } = migrationsFor(schema);
          await migrateDatabase({ url, schema, migrations: service.migrations.slice(0, migrations.length) });
        }
        return withClient(superuserUrl, async (client) => {
          await loadSchemas(client, backupDir, manifest.schemas, manifest.sequences);
          return countRows(
            client,
            manifest.schemas.map((schema) => schema.schema),
          );
        });
      },
    );
    for (const { schema, tables } of manifest.schemas) {
      for (const { table, rows } of tables) {
        if (restoredRows[`${schema}.${table}`] !== rows)
          throw new OperatorError(
            `${schema}.${table} has ${restoredRows[`${schema}.${table}`]} rows after the restore, the backup ${rows}`,
          );
      }
    }
    log('Restoring the uploaded files...');
    await mkdir(uploadsDir, { recursive: true });
    for (const { key } of manifest.files) {
      if (!(await takeFile(path.join(backupDir, 'files'), uploadsDir, key, 'copy')))
        throw new OperatorError(`the uploaded file ${key} vanished from the backup`);
    }
    return { backup: manifest, replaced, restoredRows, files: manifest.files.length };
  } catch (error) {
    await rm(postgresDir, { recursive: true, force: true });
    await rm(uploadsDir, { recursive: true, force: true });
    if (replaced.keptIn)
      for (const folder of moved) await rename(path.join(replaced.keptIn, path.basename(folder)), folder);
    if (replaced.keptIn) await rm(replaced.keptIn, { recursive: true, force: true });
    throw new OperatorError(
      `The restore failed and ${dataDir} was put back as it was: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
