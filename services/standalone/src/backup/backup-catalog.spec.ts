import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDailyBackupDue } from './automatic-backups';
import { backupName, listBackups, pruneBackups, settleUnfinishedBackups, type BackupKind } from './backup-catalog';

describe('the backups of DATA_DIR', () => {
  let dataDir: string;
  const backups = () => path.join(dataDir, 'backups');
  const make = async (
    kind: BackupKind,
    at: string,
    suffix = '',
    files: Record<string, string> = { 'manifest.json': '{}' },
  ) => {
    const folder = path.join(backups(), `${backupName(kind, new Date(at))}${suffix}`);
    await mkdir(folder, { recursive: true });
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(folder, name), content);
    return folder;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'memories-catalog-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('names backups by kind and time, and lists only complete ones, oldest first', async () => {
    await make('daily', '2026-01-02T02:00:00.000Z');
    await make('manual', '2026-01-01T09:30:15.250Z');
    await make('daily', '2026-01-03T02:00:00.000Z', '.failed');
    await make('daily', '2026-01-04T02:00:00.000Z', '', {});

    const listed = await listBackups(dataDir);

    expect(listed.map((entry) => [entry.name, entry.kind, entry.takenAt.toISOString()])).toEqual([
      ['memories-manual-2026-01-01T09-30-15-250Z', 'manual', '2026-01-01T09:30:15.250Z'],
      ['memories-daily-2026-01-02T02-00-00-000Z', 'daily', '2026-01-02T02:00:00.000Z'],
    ]);
  });

  it('keeps the newest backups of one automatic kind and never touches manual ones', async () => {
    for (const day of ['01', '02', '03', '04']) await make('daily', `2026-01-${day}T02:00:00.000Z`);
    await make('manual', '2025-12-01T00:00:00.000Z');

    await pruneBackups(dataDir, 'daily', 2);

    expect((await listBackups(dataDir)).map((entry) => entry.name)).toEqual([
      'memories-manual-2025-12-01T00-00-00-000Z',
      'memories-daily-2026-01-03T02-00-00-000Z',
      'memories-daily-2026-01-04T02-00-00-000Z',
    ]);
  });

  it('marks a backup whose writer is gone as failed, and refuses while a live process still writes one', async () => {
    const dead = await make('manual', '2026-01-01T00:00:00.000Z', '.incomplete', { 'writer.pid': '999999999\n' });

    await settleUnfinishedBackups(dataDir);

    expect(await readdir(backups())).toEqual(['memories-manual-2026-01-01T00-00-00-000Z.failed']);
    expect(await readFile(path.join(`${dead.replace(/\.incomplete$/, '')}.failed`, 'FAILED.txt'), 'utf8')).toContain(
      '(pid 999999999) stopped before it finished',
    );

    await make('manual', '2026-01-02T00:00:00.000Z', '.incomplete', { 'writer.pid': `${process.ppid}\n` });
    await expect(settleUnfinishedBackups(dataDir)).rejects.toThrow(
      `A backup is already being written by process ${process.ppid}`,
    );
  });
});

describe('the daily schedule', () => {
  const at = (iso: string) => new Date(iso);

  it('is due one interval after the newest daily backup, or after daily backups began', () => {
    expect(
      isDailyBackupDue(at('2026-01-02T02:00:00Z'), at('2026-01-01T02:00:00Z'), at('2025-06-01T00:00:00Z'), 24),
    ).toBe(true);
    expect(
      isDailyBackupDue(at('2026-01-02T01:59:59Z'), at('2026-01-01T02:00:00Z'), at('2025-06-01T00:00:00Z'), 24),
    ).toBe(false);
    expect(isDailyBackupDue(at('2026-01-02T00:00:00Z'), undefined, at('2026-01-01T00:00:00Z'), 24)).toBe(true);
    expect(isDailyBackupDue(at('2026-01-01T12:00:00Z'), undefined, at('2026-01-01T00:00:00Z'), 24)).toBe(false);
  });

  it('never runs when turned off (0 hours)', () => {
    expect(isDailyBackupDue(at('2030-01-01T00:00:00Z'), undefined, at('2026-01-01T00:00:00Z'), 0)).toBe(false);
  });
});
