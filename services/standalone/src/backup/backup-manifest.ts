import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupKind } from './backup-catalog';
import { OperatorError } from '@memories/nest-common';

export interface TableDump {
  table: string;
  /** Stored columns in COPY order (generated columns are recomputed on restore). */
  columns: string[];
  rows: number;
  /** Relative to the backup: `database/<schema>.<table>.copy.gz`. */
  file: string;
  sha256: string;
  bytes: number;
}

export interface SchemaDump {
  schema: string;
  /** The migrations the schema had, oldest first: a restore rebuilds exactly this schema by running them. */
  migrations: string[];
  tables: TableDump[];
}

export interface SequenceValue {
  schema: string;
  sequence: string;
  lastValue: string | null;
  isCalled: boolean;
}

/** What a complete backup holds; written last, so a backup without it is not one. */
export interface BackupManifest {
  format: 'memories-backup';
  formatVersion: 1;
  name: string;
  kind: BackupKind;
  startedAt: string;
  /** The moment of the database snapshot: every write acknowledged before it is in the backup. */
  snapshotAt: string;
  finishedAt: string;
  postgresVersion: string;
  schemas: SchemaDump[];
  sequences: SequenceValue[];
  /** Uploaded files (`files/<key>`), exactly those the snapshot's database knows as received. */
  files: Array<{ key: string; size: number }>;
  /** Received files that were deleted from disk before the backup could take them (their memories lost the image). */
  missingFiles: string[];
}

export const MANIFEST_FILE = 'manifest.json';

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Reads a backup and checks it whole before anything is replaced: its manifest, every database file's checksum and
 * every uploaded file's size. An unfinished or failed backup is refused with what happened to it.
 */
export async function readVerifiedManifest(backupDir: string): Promise<BackupManifest> {
  if (backupDir.endsWith('.incomplete') || backupDir.endsWith('.failed')) {
    const reason = await readFile(path.join(backupDir, 'FAILED.txt'), 'utf8').catch(
      () => 'Its writer stopped before it finished.\n',
    );
    throw new OperatorError(`${backupDir} is not a complete backup and cannot be restored. ${reason.trim()}`);
  }
  const text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8').catch(() => undefined);
  if (text === undefined)
    throw new OperatorError(`${backupDir} is not a backup of Memories (it has no ${MANIFEST_FILE}).`);
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'memories-backup' || manifest.formatVersion !== 1) {
    throw new OperatorError(
      `${backupDir} is a backup format this release cannot read (${manifest.format} ${manifest.formatVersion}).`,
    );
  }
  for (const table of manifest.schemas.flatMap((schema) => schema.tables)) {
    if ((await sha256Of(path.join(backupDir, table.file)).catch(() => 'missing')) !== table.sha256) {
      throw new OperatorError(
        `${backupDir} is damaged: ${table.file} is missing or does not match its checksum. Restore another backup.`,
      );
    }
  }
  for (const file of manifest.files) {
    const size = (await stat(path.join(backupDir, 'files', ...file.key.split('/'))).catch(() => undefined))?.size;
    if (size !== file.size)
      throw new OperatorError(`${backupDir} is damaged: the uploaded file ${file.key} is missing or has another size.`);
  }
  return manifest;
}
