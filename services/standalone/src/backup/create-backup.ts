import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from 'pg';
import {
  INCOMPLETE_SUFFIX,
  PRIVATE_FILE,
  PRIVATE_FOLDER,
  WRITER_FILE,
  backupName,
  markFailed,
  privateBackupsDir,
  settleUnfinishedBackups,
  type BackupKind,
} from './backup-catalog';
import { MANIFEST_FILE, type BackupManifest } from './backup-manifest';
import { dumpSchema, sequencesOf } from './database-copy';
import { dropFile, listStoredFiles, sizeOf, takeFile } from './uploaded-files';
import { OperatorError } from '@memories/nest-common';

/** An instance to back up: its DATA_DIR, its database, its uploaded files and the schemas of its services. */
export interface BackupSource {
  dataDir: string;
  databaseUrl: string;
  uploadsDir: string;
  schemas: string[];
}

export interface BackupOptions {
  kind: BackupKind;
  /** Stops the backup (the app is shutting down): it is then marked failed. */
  signal?: AbortSignal;
  log?: (message: string) => void;
}

async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes a consistent backup of a running (or stopped) instance into DATA_DIR/backups, while it keeps serving.
 *
 * 1. Every uploaded file on disk is hard-linked into the backup (instant, no extra space: uploads never change).
 * 2. One REPEATABLE READ, READ ONLY transaction dumps every table of every schema with COPY: one snapshot, so the
 *    database part is exactly the committed state at that moment, and writes go on undisturbed.
 * 3. The files are made to match that snapshot: a file the snapshot knows as received is taken now if step 1
 *    missed it, and every file it does not know (received later, or never acknowledged) is dropped again.
 * 4. The manifest (counts, checksums, migrations, files) is written and synced last, and only then does the folder
 *    lose its `.incomplete` suffix. A backup that fails is renamed `.failed` with the reason; one whose process was
 *    killed keeps `.incomplete` until the next backup marks it failed. Neither can be restored.
 * Every write acknowledged before the backup began is in it: its rows are in the snapshot, its file on disk.
 */
export async function createBackup(
  source: BackupSource,
  options: BackupOptions,
): Promise<{ path: string; manifest: BackupManifest }> {
  const log = options.log ?? (() => undefined);
  const backupsDir = await privateBackupsDir(source.dataDir);
  await settleUnfinishedBackups(source.dataDir);
  const startedAt = new Date();
  const name = backupName(options.kind, startedAt);
  const finalPath = path.join(backupsDir, name);
  const workPath = `${finalPath}${INCOMPLETE_SUFFIX}`;
  await mkdir(path.join(workPath, 'database'), { recursive: true, mode: PRIVATE_FOLDER });
  await writeFile(path.join(workPath, WRITER_FILE), `${process.pid}\n`, { mode: PRIVATE_FILE });
  const filesDir = path.join(workPath, 'files');
  const client = new Client({ connectionString: source.databaseUrl, application_name: 'memories-backup' });
  // A dropped connection (the server stopped) fails the statement in flight; the event itself needs a listener.
  client.on('error', () => undefined);
  const abort = () => void client.end().catch(() => undefined);
  options.signal?.addEventListener('abort', abort, { once: true });
  try {
    const linked = new Set<string>();
    for (const key of await listStoredFiles(source.uploadsDir))
      if (await takeFile(source.uploadsDir, filesDir, key, 'link')) linked.add(key);

    await client.connect();
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // The first statement takes the snapshot; now() is when the transaction began, just before it.
    const {
      rows: [moment],
    } = await client.query<{ at: Date; version: string }>(
      `SELECT now() AS at, current_setting('server_version') AS version`,
    );
    const schemas = [];
    for (const schema of source.schemas) {
      schemas.push(await dumpSchema(client, schema, workPath));
      log(`backed up the ${schema} tables`);
    }
    const sequences = await sequencesOf(client, source.schemas);
    const { rows: received } = await client.query<{ key: string }>(
      `SELECT key FROM upload.files WHERE verified_at IS NOT NULL ORDER BY key`,
    );
    await client.query('COMMIT');
    await client.end();

    const wanted = new Set(received.map((row) => row.key));
    for (const key of linked) if (!wanted.has(key)) await dropFile(filesDir, key);
    const files: BackupManifest['files'] = [];
    const missingFiles: string[] = [];
    for (const key of wanted) {
      if (!linked.has(key) && !(await takeFile(source.uploadsDir, filesDir, key, 'link'))) {
        missingFiles.push(key);
        continue;
      }
      files.push({ key, size: await sizeOf(filesDir, key) });
    }
    if (missingFiles.length > 0)
      log(
        `${missingFiles.length} received file(s) were deleted before they could be backed up: ${missingFiles.join(', ')}`,
      );

    const manifest: BackupManifest = {
      format: 'memories-backup',
      formatVersion: 1,
      name,
      kind: options.kind,
      startedAt: startedAt.toISOString(),
      snapshotAt: moment.at.toISOString(),
      finishedAt: new Date().toISOString(),
      postgresVersion: moment.version,
      schemas,
      sequences,
      files,
      missingFiles,
    };
    for (const table of schemas.flatMap((schema) => schema.tables)) await syncPath(path.join(workPath, table.file));
    await writeFile(path.join(workPath, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      flush: true,
      mode: PRIVATE_FILE,
    });
    await dropFile(workPath, WRITER_FILE);
    await rename(workPath, finalPath);
    await syncPath(backupsDir);
    return { path: finalPath, manifest };
  } catch (error) {
    await client.end().catch(() => undefined);
    const reason = options.signal?.aborted
      ? 'Memories was stopped while the backup was being written.'
      : `It failed: ${String(error)}`;
    const failed = await markFailed(workPath, reason).catch(() => workPath);
    throw new OperatorError(
      `The backup failed and was marked so (${failed}): ${options.signal?.aborted ? reason : String(error instanceof Error ? error.message : error)}`,
      {
        cause: error,
      },
    );
  } finally {
    options.signal?.removeEventListener('abort', abort);
  }
}
