import {
  inspectMigrations,
  NewerReleaseDataError,
  OperatorError,
  type ServiceDatabaseOptions,
} from '@memories/nest-common';
import { backupsDirOf, dailyBackupsSince, listBackups, pruneBackups } from './backup-catalog';
import { createBackup, type BackupSource } from './create-backup';

export interface AutomaticBackupSettings {
  /** Hours between daily backups; 0 turns them off. */
  intervalHours: number;
  /** How many of each automatic kind (daily, pre-upgrade) are kept. */
  keep: number;
}

/**
 * The command that restores the backup an owner should go back to: the last one taken before an upgrade, else the
 * newest.
 */
export async function restoreHint(dataDir: string): Promise<string> {
  const backups = await listBackups(dataDir);
  const chosen = backups.filter((entry) => entry.kind === 'pre-upgrade').at(-1) ?? backups.at(-1);
  return chosen
    ? `npm run restore -- ${chosen.path}`
    : `no backup of this instance was found in ${backupsDirOf(dataDir)}`;
}

/**
 * Before the start-up migrates anything: data of a newer release is refused (naming the backup to restore), and an
 * instance that has data and migrations to run is backed up first. A fresh instance has nothing to back up. If that
 * backup fails, nothing is migrated.
 */
export async function backUpBeforeMigrating(
  source: BackupSource,
  services: ReadonlyArray<Pick<ServiceDatabaseOptions, 'schema' | 'migrations'>>,
  settings: AutomaticBackupSettings,
  log: (message: string) => void,
): Promise<void> {
  const states = await Promise.all(
    services.map((service) => inspectMigrations({ url: source.databaseUrl, ...service })),
  );
  const newer = states.findIndex((state) => state.unknown.length > 0);
  if (newer >= 0)
    throw new NewerReleaseDataError(services[newer].schema, states[newer].unknown, await restoreHint(source.dataDir));
  const pending = states.flatMap((state) => (state.applied.length > 0 ? state.pending : []));
  if (pending.length === 0) return;
  log(`Backing up before migrating (${pending.join(', ')})...`);
  const { path } = await createBackup(source, { kind: 'pre-upgrade', log }).catch((error: unknown) => {
    throw new OperatorError(
      `Nothing was migrated, because the backup before migrating failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  log(`Backed up to ${path}`);
  await pruneBackups(source.dataDir, 'pre-upgrade', settings.keep);
}

/** Whether a daily backup is due: one interval after the newest daily backup, or after daily backups began. */
export function isDailyBackupDue(
  now: Date,
  newestDaily: Date | undefined,
  since: Date,
  intervalHours: number,
): boolean {
  return intervalHours > 0 && now.getTime() - (newestDaily ?? since).getTime() >= intervalHours * 60 * 60 * 1000;
}

/** How often the schedule looks whether a daily backup is due (cheap: it reads one folder). */
const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * The embedded mode's daily backups, kept to the newest `keep`. Checked at start and every ten minutes, so an
 * instance that only runs a few hours a day still gets its backup once a day has passed. Stopping the app stops a
 * backup in progress, which is then marked failed.
 */
export class DailyBackups {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly stopping = new AbortController();

  constructor(
    private readonly source: BackupSource,
    private readonly settings: AutomaticBackupSettings,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    if (this.settings.intervalHours === 0) return;
    this.tick();
    this.timer = setInterval(() => this.tick(), CHECK_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopping.abort();
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.runIfDue()
      .catch((error: unknown) =>
        this.log(
          `The daily backup failed; it is tried again in ten minutes. ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        this.running = undefined;
      });
  }

  private async runIfDue(): Promise<void> {
    const newest = (await listBackups(this.source.dataDir)).filter((entry) => entry.kind === 'daily').at(-1);
    if (
      !isDailyBackupDue(
        new Date(),
        newest?.takenAt,
        await dailyBackupsSince(this.source.dataDir),
        this.settings.intervalHours,
      )
    )
      return;
    const { path } = await createBackup(this.source, { kind: 'daily', signal: this.stopping.signal });
    const removed = await pruneBackups(this.source.dataDir, 'daily', this.settings.keep);
    this.log(`Daily backup written to ${path}${removed.length > 0 ? `; removed ${removed.length} older one(s)` : ''}`);
  }
}
