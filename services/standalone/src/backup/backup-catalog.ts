import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive, OperatorError } from '@memories/nest-common';

/** Who asked for a backup: the owner (`npm run backup`), the daily schedule, or the start-up before migrating. */
export const BACKUP_KINDS = ['manual', 'daily', 'pre-upgrade'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** A backup being written lives under this suffix until it is complete; a failed one is renamed to `.failed`. */
export const INCOMPLETE_SUFFIX = '.incomplete';
export const FAILED_SUFFIX = '.failed';
/** Inside an unfinished backup: the pid of the process writing it. Inside a failed one: why it failed. */
export const WRITER_FILE = 'writer.pid';
export const FAILURE_FILE = 'FAILED.txt';

const NAME = /^memories-(manual|daily|pre-upgrade)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)$/;

export interface BackupEntry {
  name: string;
  path: string;
  kind: BackupKind;
  takenAt: Date;
}

export function backupsDirOf(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

/** `memories-<kind>-2026-01-31T02-00-00-000Z`: sorts by time within a kind, readable, valid on every file system. */
export function backupName(kind: BackupKind, at: Date): string {
  return `memories-${kind}-${at.toISOString().replace(/[:.]/g, '-')}`;
}

function parse(name: string, dir: string): BackupEntry | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [date, time] = match[2].split('T');
  const [hours, minutes, seconds, millis] = time.replace('Z', '').split('-');
  return {
    name,
    path: path.join(dir, name),
    kind: match[1] as BackupKind,
    takenAt: new Date(`${date}T${hours}:${minutes}:${seconds}.${millis}Z`),
  };
}

/** The complete backups in DATA_DIR/backups, oldest first. */
export async function listBackups(dataDir: string): Promise<BackupEntry[]> {
  const dir = backupsDirOf(dataDir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const complete = names
    .map((name) => parse(name, dir))
    .filter((entry): entry is BackupEntry => entry !== undefined && existsSync(path.join(entry.path, 'manifest.json')));
  return complete.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/**
 * Settles backups whose writer is gone (killed, machine stopped): renamed to `.failed` with the reason, so no one
 * mistakes them for a backup. Refuses while another process is still writing one.
 */
export async function settleUnfinishedBackups(dataDir: string): Promise<string[]> {
  const dir = backupsDirOf(dataDir);
  const settled: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.endsWith(INCOMPLETE_SUFFIX)) continue;
    const unfinished = path.join(dir, name);
    const pid = Number.parseInt(await readFile(path.join(unfinished, WRITER_FILE), 'utf8').catch(() => ''), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) {
      throw new OperatorError(
        `A backup is already being written by process ${pid} (${unfinished}): wait for it to finish.`,
      );
    }
    await markFailed(
      unfinished,
      `The process writing this backup${Number.isInteger(pid) ? ` (pid ${pid})` : ''} stopped before it finished.`,
    );
    settled.push(unfinished);
  }
  return settled;
}

/** A backup holds every journal of the instance: only the owner of DATA_DIR may read it. */
export const PRIVATE_FOLDER = 0o700;
export const PRIVATE_FILE = 0o600;

/** DATA_DIR/backups, made (or, from an earlier release, narrowed) to its owner only. */
export async function privateBackupsDir(dataDir: string): Promise<string> {
  const dir = backupsDirOf(dataDir);
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER });
  await chmod(dir, PRIVATE_FOLDER);
  return dir;
}

/** Renames an unfinished backup to `<name>.failed` and says why inside it. */
export async function markFailed(unfinished: string, reason: string): Promise<string> {
  const failed = `${unfinished.slice(0, -INCOMPLETE_SUFFIX.length)}${FAILED_SUFFIX}`;
  await rm(path.join(unfinished, WRITER_FILE), { force: true });
  await writeFile(
    path.join(unfinished, FAILURE_FILE),
    `This backup is incomplete and cannot be restored.\n${reason}\n`,
    { mode: PRIVATE_FILE },
  );
  await rename(unfinished, failed);
  return failed;
}

/** Keeps the newest `keep` complete backups of one automatic kind; manual backups are the owner's to delete. */
export async function pruneBackups(
  dataDir: string,
  kind: Exclude<BackupKind, 'manual'>,
  keep: number,
): Promise<string[]> {
  const ofKind = (await listBackups(dataDir)).filter((entry) => entry.kind === kind);
  const removed = ofKind.slice(0, Math.max(0, ofKind.length - keep));
  for (const entry of removed) await rm(entry.path, { recursive: true, force: true });
  return removed.map((entry) => entry.path);
}

/**
 * Since when this instance has had daily backups: the time of a marker written into DATA_DIR/backups the first
 * time it is asked (the reference of the first daily backup; restarts do not move it).
 */
export async function dailyBackupsSince(dataDir: string): Promise<Date> {
  const marker = path.join(backupsDirOf(dataDir), '.daily-backups-since');
  await privateBackupsDir(dataDir);
  await writeFile(marker, `${new Date().toISOString()}\n`, { flag: 'wx', mode: PRIVATE_FILE }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  return (await stat(marker)).mtime;
}
